#!/bin/bash
# Per-character time of HandwritingRecognizer(language: .japanese) optimized (-O) as a release build
# would be, without a release build of the package: QuillHandwriting compiled -O on its own against
# the debug build's other modules (QuillCore, QuillShapes, RealModule: not on the hot path), with
# LatencyMain.swift. Run from the package root after `swift build` (under the build lock):
#   flock /tmp/swift-build.lock Tools/research/quill_research/handwriting/japanese/measure_release.sh CHARACTERS.json [network dir | none]
set -euo pipefail
json=$1 models=${2:-Sources/QuillHandwritingModel/Resources}
out=/tmp/quill-japanese-release
mkdir -p "$out"
d=.build/debug
zinnia=$(pkg-config --cflags zinnia)
shims="-Xcc -fmodule-map-file=.build/checkouts/swift-numerics/Sources/_NumericsShims/include/module.modulemap"
if [[ ! -x $out/latency || Sources/QuillHandwriting -nt $out/latency ]] || [[ -n $(find Sources/QuillHandwriting -newer $out/latency) ]]; then
  nice -n 19 swiftc -O -wmo -parse-as-library -module-name QuillHandwriting -emit-module -emit-module-path "$out/QuillHandwriting.swiftmodule" \
    -emit-object -o "$out/QuillHandwriting.o" -I "$d/Modules" -Xcc -fmodule-map-file=Sources/CZinnia/module.modulemap $shims $zinnia Sources/QuillHandwriting/*.swift
  nice -n 19 swiftc -O -I "$out" -I "$d/Modules" -Xcc -fmodule-map-file=Sources/CZinnia/module.modulemap $shims Tools/research/quill_research/handwriting/japanese/LatencyMain.swift \
    "$out/QuillHandwriting.o" $d/QuillCore.build/*.o $d/QuillShapes.build/*.o $d/RealModule.build/*.o $(ls $d/_NumericsShims.build/*.o 2>/dev/null) \
    -lzinnia -lstdc++ -o "$out/latency"
fi
if [[ $models == none ]]; then dir=$(mktemp -d); else dir=$(realpath "$models"); fi
QUILL_HANDWRITING_MODELS=$dir "$out/latency" "$json"
