/*
 * replay RECORDING: replays a recording through libquill's stroke engine (pen ink) and prints
 * two lines, "samples N" (the recording's pen samples) and "strokes M" (strokes the engine began).
 *
 *   cc -std=c11 -Wall -Wextra -Werror replay.c $(pkg-config --cflags --libs quill) -o replay
 */
#include <quill.h>
#include <stdio.h>
#include <stdlib.h>

/* The caller's geometry buffers, grown when libquill says they are too small. */
struct geometry {
    struct quill_vertex *vertices;
    uint32_t *indices;
    size_t vertex_capacity, index_capacity;
};

static int grow(void **buffer, size_t *capacity, size_t needed, size_t item) {
    if (needed <= *capacity) return 1;
    size_t capacity2 = needed > 2 * *capacity ? needed : 2 * *capacity;
    void *grown = realloc(*buffer, capacity2 * item);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = capacity2;
    return 1;
}

/* Takes the geometry committed since the last call (a renderer would draw it); returns a quill_status. */
static int take_geometry(quill_engine *engine, struct geometry *g) {
    for (;;) {
        size_t vertex_count = 0, index_count = 0;
        int status = quill_engine_take_geometry(engine, g->vertices, g->vertex_capacity, &vertex_count, g->indices,
                                                g->index_capacity, &index_count);
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL) return status;
        if (vertex_count <= g->vertex_capacity && index_count <= g->index_capacity) return status;
        if (!grow((void **)&g->vertices, &g->vertex_capacity, vertex_count, sizeof *g->vertices) ||
            !grow((void **)&g->indices, &g->index_capacity, index_count, sizeof *g->indices)) {
            fprintf(stderr, "replay: out of memory\n");
            exit(1);
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: replay RECORDING\n");
        return 2;
    }
    quill_source *source = NULL;
    quill_engine *engine = NULL;
    struct geometry geometry = {NULL, NULL, 0, 0};
    long samples = 0;
    int status;

    struct quill_source_options source_options = {.size = sizeof(struct quill_source_options)};
    if ((status = quill_source_open_recording(argv[1], &source_options, &source)) < 0) goto failed;

    double width_mm = 0, height_mm = 0;
    if ((status = quill_source_get_area(source, &width_mm, &height_mm)) < 0) goto failed;
    struct quill_engine_options engine_options = {
        .size = sizeof(struct quill_engine_options),
        .ink = QUILL_INK_PEN,
        .area_width_mm = width_mm,
        .area_height_mm = height_mm,
    };
    if ((status = quill_engine_new(&engine_options, &engine)) < 0) goto failed;

    /* A recording's samples are all there at once: one dispatch, then take them to the end. */
    if ((status = quill_source_dispatch(source)) < 0) goto failed;
    struct quill_sample sample = {.size = sizeof(struct quill_sample)};
    struct quill_stroke_update update = {.size = sizeof(struct quill_stroke_update)};
    while ((status = quill_source_next_sample(source, &sample)) == 1) {
        samples++;
        if ((status = quill_engine_add_sample(engine, &sample, &update)) < 0) goto failed;
        if ((status = take_geometry(engine, &geometry)) < 0) goto failed;
    }
    if (status < 0) goto failed;
    if ((status = quill_engine_finish(engine)) < 0) goto failed;
    if ((status = take_geometry(engine, &geometry)) < 0) goto failed;

    printf("samples %ld\nstrokes %d\n", samples, quill_engine_stroke_count(engine));
    quill_engine_free(engine);
    quill_source_close(source);
    free(geometry.vertices);
    free(geometry.indices);
    return 0;

failed:
    fprintf(stderr, "replay: %s\n", *quill_last_error() ? quill_last_error() : quill_strerror(status));
    quill_engine_free(engine);
    quill_source_close(source);
    free(geometry.vertices);
    free(geometry.indices);
    return 1;
}
