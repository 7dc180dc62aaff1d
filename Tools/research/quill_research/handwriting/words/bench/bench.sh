#!/bin/sh
# Builds and runs the word bench (main.swift) with swiftc -O under the shared build lock:
#   bench.sh NETWORK INKS.json [priorWeight]   (inks: python3 -m quill_research.handwriting.words.dump, from Tools/research)
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../../../../../Sources/QuillHandwriting
out=${TMPDIR:-/tmp}/quill-word-bench
flock /tmp/swift-build.lock swiftc -O -o "$out" "$here/main.swift" "$src/WordNetwork.swift" "$src/WordBeamSearch.swift" "$src/WordPriors.swift" \
    "$src/WordDecoder.swift" "$src/HandwritingError.swift" "$here/Types.swift"
"$out" "$1" /usr/share/dict/american-english "$2" ${3:-}
