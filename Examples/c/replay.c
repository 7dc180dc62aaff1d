/*
 * replay RECORDING: replays a recording through libquill's stroke engine (pen ink; the eraser end
 * erases) and prints two lines, "samples N" (the recording's pen samples) and "strokes M" (strokes
 * the engine began, ink and eraser).
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

/* Takes what the eraser did: a renderer drops an erased stroke's triangles and draws a split
 * stroke's pieces (quill_engine_get_stroke) in its place; returns a quill_status. */
static int take_changes(quill_engine *engine) {
    struct quill_stroke_change change = {.size = sizeof(struct quill_stroke_change)};
    int status;
    while ((status = quill_engine_next_change(engine, &change)) == 1) {
    }
    return status;
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

    /* The engine takes the source's tablet area and canvas: the ink lands where the samples are. */
    struct quill_engine_options engine_options = {.size = sizeof(struct quill_engine_options), .ink = QUILL_INK_PEN};
    if ((status = quill_engine_new_for_source(source, 0, &engine_options, &engine)) < 0) goto failed;

    /* A recording's samples are all there at once: one dispatch, then take them to the end. */
    if ((status = quill_source_dispatch(source)) < 0) goto failed;
    struct quill_sample sample = {.size = sizeof(struct quill_sample)};
    struct quill_tool_event tool = {.size = sizeof(struct quill_tool_event)};
    struct quill_stroke_update update = {.size = sizeof(struct quill_stroke_update)};
    for (;;) {
        /* Proximity in order with the samples: a brush resets when a tool arrives. */
        while ((status = quill_source_next_tool_event(source, &tool)) == 1) {
        }
        if (status < 0) goto failed;
        if ((status = quill_source_next_sample(source, &sample)) != 1) break;
        samples++;
        /* The eraser end draws nothing: its strokes erase what they cross (take_changes). */
        if ((status = quill_engine_add_sample(engine, &sample, &update)) < 0) goto failed;
        if ((status = take_geometry(engine, &geometry)) < 0) goto failed;
        if ((status = take_changes(engine)) < 0) goto failed;
    }
    if (status < 0) goto failed;
    if ((status = quill_engine_finish(engine)) < 0) goto failed;
    if ((status = take_geometry(engine, &geometry)) < 0) goto failed;
    if ((status = take_changes(engine)) < 0) goto failed;

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
