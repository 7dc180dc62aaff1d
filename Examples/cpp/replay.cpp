// replay RECORDING: Examples/c/replay.c in C++17; prints "samples N" and "strokes M".
//   c++ -std=c++17 -Wall -Wextra -Werror replay.cpp $(pkg-config --cflags --libs quill) -o replay
#include <quill.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Throws the failure's message for a negative status; returns the status otherwise.
int check(int status) {
    if (status < 0) throw std::runtime_error(*quill_last_error() ? quill_last_error() : quill_strerror(status));
    return status;
}

template <typename T> T sized() {
    T value{};
    value.size = sizeof(T);
    return value;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: replay RECORDING\n");
        return 2;
    }
    try {
        quill_source *raw_source = nullptr;
        auto source_options = sized<quill_source_options>();
        check(quill_source_open_recording(argv[1], &source_options, &raw_source));
        std::unique_ptr<quill_source, decltype(&quill_source_close)> source(raw_source, quill_source_close);

        auto engine_options = sized<quill_engine_options>();
        engine_options.ink = QUILL_INK_PEN;
        check(quill_source_get_area(source.get(), &engine_options.area_width_mm, &engine_options.area_height_mm));
        quill_engine *raw_engine = nullptr;
        check(quill_engine_new(&engine_options, &raw_engine));
        std::unique_ptr<quill_engine, decltype(&quill_engine_free)> engine(raw_engine, quill_engine_free);

        std::vector<quill_vertex> vertices(1024);
        std::vector<uint32_t> indices(3072);
        auto take_geometry = [&] {
            for (;;) {
                size_t vertex_count = 0, index_count = 0;
                int status = quill_engine_take_geometry(engine.get(), vertices.data(), vertices.size(), &vertex_count,
                                                        indices.data(), indices.size(), &index_count);
                if (status != QUILL_ERROR_BUFFER_TOO_SMALL ||
                    (vertex_count <= vertices.size() && index_count <= indices.size())) {
                    check(status);
                    return;
                }
                if (vertex_count > vertices.size()) vertices.resize(vertex_count);
                if (index_count > indices.size()) indices.resize(index_count);
            }
        };

        long samples = 0;
        check(quill_source_dispatch(source.get()));
        auto sample = sized<quill_sample>();
        auto update = sized<quill_stroke_update>();
        while (check(quill_source_next_sample(source.get(), &sample)) == 1) {
            samples++;
            check(quill_engine_add_sample(engine.get(), &sample, &update));
            take_geometry();
        }
        check(quill_engine_finish(engine.get()));
        take_geometry();
        std::printf("samples %ld\nstrokes %d\n", samples, quill_engine_stroke_count(engine.get()));
        return 0;
    } catch (const std::exception &error) {
        std::fprintf(stderr, "replay: %s\n", error.what());
        return 1;
    }
}
