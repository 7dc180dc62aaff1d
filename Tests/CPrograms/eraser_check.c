/*
 * eraser_check — the drawing-app loop of quill.h for EmbeddingEraserTests: one source, one engine
 * made for it, the person's gestures, tool events in order with the samples.
 *   eraser_check events FILE           one line per tool event and sample, in the order the loop takes them:
 *                                      "in T TOOL CHANGED SERIAL TOOL_ID", "out T TOOL FORCED",
 *                                      "sample T TOOL PHASE TILT_X TILT_Y TILT_RANGE ALTITUDE AZIMUTH"
 *   eraser_check erase FILE [gestures] the engine (and, with "gestures", double taps handed to
 *                                      quill_engine_set_ink): "change KIND STROKE FIRST COUNT T" per change,
 *                                      "ink-updates N erasing-updates M", "kept ID …", "strokes N points P",
 *                                      "piece ID POINTS VERTICES" for every kept stroke a split made
 *   eraser_check canvas FILE W H       quill_engine_new_for_source with canvas W × H: "status S MESSAGE"
 *   eraser_check curve FILE X1 Y1 X2 Y2 the pressure of every contact sample with that pressure curve, one a line
 *   eraser_check bad-curve FILE        "status S MESSAGE" for a curve value of 101
 *   eraser_check mapping FILE MODE     "X Y" of every sample with quill_source_options.mapping_mode MODE (0 fit, 1 fill, 2 stretch)
 *   eraser_check synthetic             made-up strokes on a 200 × 150 mm area: "unended N" (the changes after an eraser stroke
 *                                      that never ended, then one 90 mm away: 0, nothing lies between them), "midstroke P K"
 *                                      (an ink stroke during which set_ink(QUILL_INK_ERASER) came: its P points kept, K kept
 *                                      strokes after the next stroke erased it), "v1 R K" (a 0.4.0-sized options struct with
 *                                      records_path R: K strokes kept)
 *   eraser_check untaken FILE          every sample taken, no tool event until the end: "samples N late-tool-events M"
 */
#include <quill.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, int status) {
    fprintf(stderr, "%s: %s: %s\n", what, quill_strerror(status), quill_last_error());
    return 1;
}

static int events(const char *path) {
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    struct quill_sample sample = {.size = sizeof sample};
    struct quill_tool_event tool = {.size = sizeof tool};
    for (;;) {
        while ((status = quill_source_next_tool_event(source, &tool)) == 1) {
            if (tool.kind == QUILL_PROXIMITY_IN)
                printf("in %.6f %d %d %u %u\n", tool.time, tool.tool, tool.tool_changed, tool.serial, tool.tool_id);
            else
                printf("out %.6f %d %d\n", tool.time, tool.tool, tool.forced);
        }
        if (status < 0) return fail("tool event", status);
        if ((status = quill_source_next_sample(source, &sample)) != 1) break;
        printf("sample %.6f %d %d %.9f %.9f %.3f %.12f %.12f\n", sample.time, sample.tool, sample.phase, sample.tilt_x, sample.tilt_y,
               sample.tilt_range, sample.altitude, sample.azimuth);
    }
    if (status < 0) return fail("sample", status);
    quill_source_close(source);
    return 0;
}

/* Prints the engine's changes waiting ("change KIND STROKE FIRST COUNT T") and notes the pieces. */
static int print_changes(quill_engine *engine, int *splits, int *split_count) {
    struct quill_stroke_change change = {.size = sizeof change};
    int status;
    while ((status = quill_engine_next_change(engine, &change)) == 1) {
        printf("change %d %d %d %d %.6f\n", change.kind, change.stroke, change.first_piece, change.piece_count, change.time);
        for (int i = 0; i < change.piece_count && *split_count < 256; i++) splits[(*split_count)++] = change.first_piece + i;
    }
    return status < 0 ? fail("change", status) : 0;
}

static int erase(const char *path, int with_gestures) {
    quill_source *source = NULL;
    quill_engine *engine = NULL;
    quill_gestures *gestures = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    if ((status = quill_engine_new_for_source(source, 0, NULL, &engine))) return fail("engine", status);
    if (with_gestures && (status = quill_gestures_new(NULL, &gestures))) return fail("gestures", status);
    struct quill_sample sample = {.size = sizeof sample};
    struct quill_stroke_update update = {.size = sizeof update};
    struct quill_gesture_outcome outcome = {.size = sizeof outcome};
    long ink_updates = 0, erasing_updates = 0;
    int splits[256], split_count = 0;
    while ((status = quill_source_next_sample(source, &sample)) == 1) {
        if (gestures) {
            if ((status = quill_gestures_add_sample(gestures, &sample))) return fail("gestures add", status);
            while (quill_gestures_next_outcome(gestures, &outcome) == 1)
                if ((outcome.changes & QUILL_CHANGE_TOOL) && (status = quill_engine_set_ink(engine, outcome.ink_after, 0))) return fail("set ink", status);
        }
        if ((status = quill_engine_add_sample(engine, &sample, &update)) < 0) return fail("add", status);
        if (status == 1) {
            if (update.erasing) erasing_updates++; else ink_updates++;
            if (update.erasing != (update.stroke_id < 0)) { fprintf(stderr, "update erasing %d with stroke_id %d\n", update.erasing, update.stroke_id); return 1; }
        }
        if (print_changes(engine, splits, &split_count)) return 1;
    }
    if (status < 0) return fail("sample", status);
    if ((status = quill_engine_finish(engine))) return fail("finish", status);
    if (print_changes(engine, splits, &split_count)) return 1;
    printf("ink-updates %ld erasing-updates %ld\n", ink_updates, erasing_updates);
    size_t count = 0;
    status = quill_engine_get_stroke_ids(engine, NULL, 0, &count);
    if (status != QUILL_OK && status != QUILL_ERROR_BUFFER_TOO_SMALL) return fail("ids", status);
    int32_t *ids = calloc(count + 1, sizeof *ids);
    if ((status = quill_engine_get_stroke_ids(engine, ids, count, &count))) return fail("ids", status);
    printf("kept");
    size_t total = 0;
    for (size_t i = 0; i < count; i++) {
        size_t points = 0;
        status = quill_engine_get_stroke_points(engine, ids[i], NULL, 0, &points, NULL);
        if (status != QUILL_OK && status != QUILL_ERROR_BUFFER_TOO_SMALL) return fail("points", status);
        total += points;
        printf(" %d", ids[i]);
    }
    printf("\nstrokes %zu points %zu\n", count, total);
    for (int i = 0; i < split_count; i++) {
        size_t points = 0, vertices = 0, indices = 0;
        int32_t ink = -1;
        status = quill_engine_get_stroke_points(engine, splits[i], NULL, 0, &points, &ink);
        if (status == QUILL_ERROR_NOT_FOUND) { printf("piece %d gone\n", splits[i]); continue; }  /* erased again later */
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL && status != QUILL_OK) return fail("points", status);
        status = quill_engine_get_stroke(engine, splits[i], NULL, 0, &vertices, NULL, 0, &indices);
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL && status != QUILL_OK) return fail("geometry", status);
        struct quill_stroke_point *buffer = calloc(points + 1, sizeof *buffer);
        if ((status = quill_engine_get_stroke_points(engine, splits[i], buffer, points, &points, &ink))) return fail("points", status);
        printf("piece %d %zu %zu ink %d first %.3f %.3f\n", splits[i], points, vertices, ink, buffer[0].x, buffer[0].y);
        free(buffer);
    }
    free(ids);
    quill_gestures_free(gestures);
    quill_engine_free(engine);
    quill_source_close(source);
    return 0;
}

static int canvas(const char *path, double width, double height) {
    quill_source *source = NULL;
    quill_engine *engine = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    struct quill_engine_options options = {.size = sizeof options, .canvas_width = width, .canvas_height = height};
    status = quill_engine_new_for_source(source, 0, &options, &engine);
    printf("status %d %s\n", status, status ? quill_last_error() : "");
    quill_engine_free(engine);
    quill_source_close(source);
    return 0;
}

static int curve(const char *path, double x1, double y1, double x2, double y2) {
    quill_source *source = NULL;
    struct quill_source_options options = {.size = sizeof options, .pressure_curve = {x1, y1, x2, y2}};
    int status = quill_source_open_recording(path, &options, &source);
    if (status) {
        printf("status %d %s\n", status, quill_last_error());
        return 0;
    }
    struct quill_sample sample = {.size = sizeof sample};
    while ((status = quill_source_next_sample(source, &sample)) == 1)
        if (sample.phase != QUILL_PHASE_HOVER) printf("%.9f\n", sample.pressure);
    quill_source_close(source);
    return status < 0 ? fail("sample", status) : 0;
}

static int mapping(const char *path, int mode) {
    quill_source *source = NULL;
    struct quill_source_options options = {.size = sizeof options, .mapping_mode = mode};
    int status = quill_source_open_recording(path, &options, &source);
    if (status) {
        printf("status %d %s\n", status, quill_last_error());
        return 0;
    }
    struct quill_sample sample = {.size = sizeof sample};
    while ((status = quill_source_next_sample(source, &sample)) == 1) printf("%.6f %.6f\n", sample.x, sample.y);
    quill_source_close(source);
    return status < 0 ? fail("sample", status) : 0;
}

static quill_engine *synthetic_engine;
static double synthetic_time;

/* One sample of a made-up pen at (x, y) mm. */
static int put(int phase, int tool, double x, double y) {
    struct quill_sample sample;
    memset(&sample, 0, sizeof sample);
    sample.size = sizeof sample;
    sample.time = (synthetic_time += 0.01);
    sample.x_mm = x;
    sample.y_mm = y;
    sample.phase = phase;
    sample.tool = tool;
    sample.altitude = 1.2;
    sample.pressure = 0.5;
    sample.force = 0.5 * 25 / 6;
    struct quill_stroke_update update = {.size = sizeof update};
    int status = quill_engine_add_sample(synthetic_engine, &sample, &update);
    return status < 0 ? fail("add", status) : 0;
}

static int changes_waiting(void) {
    struct quill_stroke_change change = {.size = sizeof change};
    int count = 0;
    while (quill_engine_next_change(synthetic_engine, &change) == 1) count++;
    return count;
}

static size_t kept_strokes(void) {
    size_t count = 0;
    int status = quill_engine_get_stroke_ids(synthetic_engine, NULL, 0, &count);
    return status == QUILL_OK || status == QUILL_ERROR_BUFFER_TOO_SMALL ? count : (size_t)-1;
}

static int synthetic(void) {
    struct quill_engine_options options = {.size = sizeof options, .area_width_mm = 200, .area_height_mm = 150};
    /* An eraser stroke that never ends, then another 90 mm away: nothing between them is erased. */
    if (quill_engine_new(&options, &synthetic_engine)) return fail("engine", -1);
    put(QUILL_PHASE_BEGAN, QUILL_TOOL_PEN, 0, 50);
    for (double x = 2; x < 30; x += 2) put(QUILL_PHASE_MOVED, QUILL_TOOL_PEN, x, 50);
    put(QUILL_PHASE_ENDED, QUILL_TOOL_PEN, 30, 50);
    put(QUILL_PHASE_BEGAN, QUILL_TOOL_ERASER, 10, 10);
    put(QUILL_PHASE_MOVED, QUILL_TOOL_ERASER, 15, 10);
    put(QUILL_PHASE_BEGAN, QUILL_TOOL_ERASER, 10, 100);
    put(QUILL_PHASE_MOVED, QUILL_TOOL_ERASER, 15, 100);
    put(QUILL_PHASE_ENDED, QUILL_TOOL_ERASER, 20, 100);
    printf("unended %d\n", changes_waiting());
    quill_engine_free(synthetic_engine);

    /* set_ink(QUILL_INK_ERASER) while the tip is down: that stroke stays ink, the next one erases it. */
    if (quill_engine_new(&options, &synthetic_engine)) return fail("engine", -1);
    put(QUILL_PHASE_BEGAN, QUILL_TOOL_PEN, 0, 50);
    for (double x = 2; x < 30; x += 2) {
        if (x == 10 && quill_engine_set_ink(synthetic_engine, QUILL_INK_ERASER, 0)) return fail("set ink", -1);
        put(QUILL_PHASE_MOVED, QUILL_TOOL_PEN, x, 50);
    }
    put(QUILL_PHASE_ENDED, QUILL_TOOL_PEN, 30, 50);
    int32_t first = -1;
    size_t one = 1, points = 0;
    if (quill_engine_get_stroke_ids(synthetic_engine, &first, one, &one) || one != 1) return fail("ids", -1);
    quill_engine_get_stroke_points(synthetic_engine, first, NULL, 0, &points, NULL);
    put(QUILL_PHASE_BEGAN, QUILL_TOOL_PEN, 15, 40);
    put(QUILL_PHASE_MOVED, QUILL_TOOL_PEN, 15, 50);
    put(QUILL_PHASE_ENDED, QUILL_TOOL_PEN, 15, 60);
    changes_waiting();
    printf("midstroke %zu %zu\n", points, kept_strokes());
    quill_engine_free(synthetic_engine);

    /* A 0.4.0 caller (its struct ends before `eraser`) keeps strokes only with records_path, as 0.4.0 did. */
    for (int records = 0; records <= 1; records++) {
        struct quill_engine_options v1 = {.size = QUILL_ENGINE_OPTIONS_SIZE_V1, .area_width_mm = 200, .area_height_mm = 150, .records_path = records};
        if (quill_engine_new(&v1, &synthetic_engine)) return fail("engine v1", -1);
        for (int stroke = 0; stroke < 20; stroke++) {
            put(QUILL_PHASE_BEGAN, QUILL_TOOL_PEN, 10, 5.0 + stroke * 5);
            put(QUILL_PHASE_MOVED, QUILL_TOOL_PEN, 20, 5.0 + stroke * 5);
            put(QUILL_PHASE_ENDED, QUILL_TOOL_PEN, 30, 5.0 + stroke * 5);
        }
        printf("v1 %d %zu\n", records, kept_strokes());
        quill_engine_free(synthetic_engine);
    }
    return 0;
}

/* Takes every sample and no tool event until the end, then counts the tool events still given. */
static int untaken(const char *path) {
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    struct quill_sample sample = {.size = sizeof sample};
    struct quill_tool_event tool = {.size = sizeof tool};
    long samples = 0, late = 0;
    while ((status = quill_source_next_sample(source, &sample)) == 1) samples++;
    if (status < 0) return fail("sample", status);
    while ((status = quill_source_next_tool_event(source, &tool)) == 1) late++;
    printf("samples %ld late-tool-events %ld\n", samples, late);
    quill_source_close(source);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "events")) return events(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "erase")) return erase(argv[2], argc >= 4 && !strcmp(argv[3], "gestures"));
    if (argc == 5 && !strcmp(argv[1], "canvas")) return canvas(argv[2], atof(argv[3]), atof(argv[4]));
    if (argc == 7 && !strcmp(argv[1], "curve")) return curve(argv[2], atof(argv[3]), atof(argv[4]), atof(argv[5]), atof(argv[6]));
    if (argc == 2 && !strcmp(argv[1], "synthetic")) return synthetic();
    if (argc == 3 && !strcmp(argv[1], "untaken")) return untaken(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "mapping")) return mapping(argv[2], atoi(argv[3]));
    if (argc == 3 && !strcmp(argv[1], "bad-curve")) return curve(argv[2], 0, 0, 101, 100);
    fprintf(stderr, "usage: eraser_check events|erase|canvas|curve|bad-curve|mapping|untaken FILE …, eraser_check synthetic\n");
    return 2;
}
