/*
 * abi_check — exercises quill.h from C for EmbeddingTests; each mode prints lines the test
 * compares with the `quill` command on the same input.
 *   abi_check gestures FILE      one line per double tap: "doubleTap T ACTION BEFORE AFTER"
 *   abi_check gestures-events FILE DESC PREFS
 *                                samples and pad events of a recording (DESC: its .desc, or "-") in time order
 *                                into quill_gestures_new_from_file(PREFS): one line per outcome,
 *                                "EVENT T ACTION BEFORE AFTER CHANGES WIDTH PHASE" in `quill gestures`' names
 *   abi_check gestures-synthetic PREFS
 *                                a made-up pen, eraser, puck and pad with quill_gestures_proximity_out: the
 *                                outcome lines, then "v1 G …" (the gestures a 0.4.0-sized outcome struct is
 *                                given), then "NAME STATUS MESSAGE" for each misuse
 *   abi_check layout W H HAND     "size H V", "canvas X Y W H", "palette X Y W H DOCKED"
 *   abi_check device ID           the same for a catalogue device in landscape
 *   abi_check geometry FILE       takes geometry with buffers that start too small and grow:
 *                                 "vertices N indices M retries R maxindex I"
 *   abi_check errors              "NAME STATUS MESSAGE" for each misuse
 *   abi_check replay FILE [DESC]  the lines of abi_replay.h, which abi_v1 (0.4.0's header) prints too
 *   abi_check sizes               "NAME SIZEOF V1 NEWEST" per struct (QUILL_…_SIZE_V…), "offset FIELD N" per appended field
 *   abi_check scale ID            "scale S" of the device ID (landscape), then of an 800 × 600 window
 *   abi_check samples FILE T      "samples N" read with quill_source_options.proximity_timeout T
 *   abi_check newer FILE          structs larger than libquill's (a newer header): "NAME STATUS UNTOUCHED"
 *   abi_check fd FILE             quill_source_open_fd refusals: "NAME STATUS MESSAGE", "caller-fd-open 1"
 *   abi_check unplug NODE SECONDS reads a live node until it goes away: "samples N last-phase P",
 *                                 "status S NAME", "again S", "message M"
 */
#define _POSIX_C_SOURCE 200809L
#include "abi_replay.h"
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fail(const char *what, int status) {
    fprintf(stderr, "%s: %s: %s\n", what, quill_strerror(status), quill_last_error());
    return 1;
}

static int gestures(const char *path) {
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    quill_gestures *recognizer = NULL;
    if ((status = quill_gestures_new(NULL, &recognizer))) return fail("gestures", status);
    struct quill_sample sample = { .size = sizeof sample };
    struct quill_gesture_outcome outcome = { .size = sizeof outcome };
    double last = 0;
    while (quill_source_next_sample(source, &sample) == 1) {
        if ((status = quill_gestures_add_sample(recognizer, &sample))) return fail("add", status);
        last = sample.time;
        while (quill_gestures_next_outcome(recognizer, &outcome) == 1)
            if (outcome.gesture == QUILL_GESTURE_DOUBLE_TAP)
                printf("doubleTap %.6f %d %s %s\n", outcome.time, outcome.action, outcome.tool_before, outcome.tool_after);
    }
    quill_gestures_advance(recognizer, last + 10);
    while (quill_gestures_next_outcome(recognizer, &outcome) == 1)
        if (outcome.gesture == QUILL_GESTURE_DOUBLE_TAP)
            printf("doubleTap %.6f %d %s %s\n", outcome.time, outcome.action, outcome.tool_before, outcome.tool_after);
    quill_gestures_free(recognizer);
    quill_source_close(source);
    return 0;
}

static const char *const action_names[] = { "ignore", "switchEraser", "switchPrevious", "showColorPalette", "showInkAttributes",
                                             "showContextualPalette", "runSystemShortcut" };
static const char *const event_names[] = { "doubleTap", "squeeze", "squeeze", "squeeze", "squeeze", "buttonPressed",
                                           "buttonReleased", "eraserEndIn", "eraserEndOut", "padButton", "puckButton", "padDial" };
static const char *const squeeze_phases[] = { "began", "changed", "ended", "cancelled" };
static const char *const change_names[] = { "toolChanged", "paletteShown", "paletteHidden", "shortcutRequested", "widthChanged" };

/* One outcome in the names `quill gestures` prints: "EVENT T ACTION BEFORE AFTER CHANGES WIDTH PHASE" (CHANGES the
 * change rows' names joined by ",", or "-"; WIDTH the width after a width change, or "-"; PHASE may hold a space). */
static void print_event_outcome(const struct quill_gesture_outcome *o) {
    if (o->gesture < 0 || o->gesture > QUILL_GESTURE_PAD_DIAL) {
        printf("unknown %d\n", o->gesture);
        return;
    }
    int acts = o->gesture <= QUILL_GESTURE_SQUEEZE_CANCELLED || o->gesture == QUILL_GESTURE_PAD_BUTTON || o->gesture == QUILL_GESTURE_PUCK_BUTTON;
    const char *action = acts && o->action >= 0 && o->action <= QUILL_ACTION_RUN_SYSTEM_SHORTCUT ? action_names[o->action] : "null";
    char changes[128] = "";
    for (int bit = 0; bit < 5; bit++)
        if (o->changes & (1u << bit)) {
            if (changes[0]) strcat(changes, ",");
            strcat(changes, change_names[bit]);
        }
    char width[32] = "-";
    if (o->changes & QUILL_CHANGE_WIDTH) snprintf(width, sizeof width, "%.6f", o->width_after);
    char phase[40] = "null";
    switch (o->gesture) {
    case QUILL_GESTURE_SQUEEZE_BEGAN: case QUILL_GESTURE_SQUEEZE_CHANGED: case QUILL_GESTURE_SQUEEZE_ENDED: case QUILL_GESTURE_SQUEEZE_CANCELLED:
        snprintf(phase, sizeof phase, "%s", squeeze_phases[o->gesture - QUILL_GESTURE_SQUEEZE_BEGAN]);
        break;
    case QUILL_GESTURE_BUTTON_PRESSED: case QUILL_GESTURE_BUTTON_RELEASED: /* "BTN_STYLUS2" → "stylus2" */
        snprintf(phase, sizeof phase, "%s", strncmp(o->button, "BTN_", 4) ? "?" : o->button + 4);
        for (char *c = phase; *c; c++)
            if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
        break;
    case QUILL_GESTURE_PAD_BUTTON: snprintf(phase, sizeof phase, "button %d", o->number); break;
    case QUILL_GESTURE_PUCK_BUTTON: snprintf(phase, sizeof phase, "%s", o->button); break;
    case QUILL_GESTURE_PAD_DIAL: snprintf(phase, sizeof phase, "%d", o->number); break;
    default: break;
    }
    printf("%s %.6f %s %s %s %s %s %s\n", event_names[o->gesture], o->time, action, o->tool_before, o->tool_after,
           changes[0] ? changes : "-", width, phase);
}

static void drain_outcomes(quill_gestures *recognizer) {
    struct quill_gesture_outcome outcome = { .size = sizeof outcome };
    while (quill_gestures_next_outcome(recognizer, &outcome) == 1) print_event_outcome(&outcome);
}

/* A recording's samples and pad events, merged by time (a sample before a pad event of the same time), through the
 * person's bindings; at the end each pen device leaves proximity and time passes, as `quill gestures` finishes. */
static int gestures_events(const char *path, const char *description, const char *preferences) {
    struct quill_source_options options = { .size = sizeof options, .device_file = strcmp(description, "-") ? description : NULL };
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, &options, &source);
    if (status) return fail("open", status);
    quill_gestures *recognizer = NULL;
    if ((status = quill_gestures_new_from_file(preferences, &recognizer))) return fail("gestures", status);
    size_t sample_count = 0, pad_count = 0, sample_capacity = 1024, pad_capacity = 64;
    struct quill_sample *samples = malloc(sample_capacity * sizeof *samples);
    struct quill_pad_event *pads = malloc(pad_capacity * sizeof *pads);
    for (;;) {
        if (sample_count == sample_capacity) samples = realloc(samples, (sample_capacity *= 2) * sizeof *samples);
        samples[sample_count].size = sizeof *samples;
        if ((status = quill_source_next_sample(source, &samples[sample_count])) != 1) break;
        sample_count++;
    }
    if (status < 0) return fail("next sample", status);
    for (;;) {
        if (pad_count == pad_capacity) pads = realloc(pads, (pad_capacity *= 2) * sizeof *pads);
        pads[pad_count].size = sizeof *pads;
        if ((status = quill_source_next_pad_event(source, &pads[pad_count])) != 1) break;
        pad_count++;
    }
    if (status < 0) return fail("next pad event", status);
    double last = 0;
    int devices = 0;
    for (size_t s = 0, p = 0; s < sample_count || p < pad_count;) {
        if (p == pad_count || (s < sample_count && samples[s].time <= pads[p].time)) {
            if ((status = quill_gestures_add_sample(recognizer, &samples[s]))) return fail("add sample", status);
            if (samples[s].device >= devices) devices = samples[s].device + 1;
            last = samples[s].time;
            s++;
        } else {
            if ((status = quill_gestures_add_pad_event(recognizer, &pads[p]))) return fail("add pad event", status);
            p++;
        }
        drain_outcomes(recognizer);
    }
    for (int device = 0; device < devices; device++)
        if ((status = quill_gestures_proximity_out(recognizer, device, last))) return fail("proximity out", status);
    if ((status = quill_gestures_advance(recognizer, last + 10))) return fail("advance", status);
    drain_outcomes(recognizer);
    free(samples);
    free(pads);
    quill_gestures_free(recognizer);
    quill_source_close(source);
    return 0;
}

/* A hovering sample of `device` at `time`. */
static struct quill_sample hover(int32_t device, double time, int32_t tool, uint32_t buttons) {
    struct quill_sample s = { .size = sizeof s, .device = device, .time = time, .x = 600 + 100 * time, .y = 400, .x_mm = 100 + 5 * time,
                              .y_mm = 80, .phase = QUILL_PHASE_HOVER, .tool = tool, .altitude = 1, .azimuth = 1, .distance = 0.3,
                              .buttons = buttons };
    return s;
}

/* Feeds hover samples of `device` every 50 ms over [from, to). */
static int hover_span(quill_gestures *g, int32_t device, double from, double to, int32_t tool, uint32_t buttons) {
    for (int i = 0; from + 0.05 * i < to - 1e-9; i++) {
        struct quill_sample s = hover(device, from + 0.05 * i, tool, buttons);
        int status = quill_gestures_add_sample(g, &s);
        if (status) return status;
    }
    return QUILL_OK;
}

/* The made-up session: every outcome kind, and what quill_gestures_proximity_out ends. Outcomes are taken with a
 * struct whose size is `size` after every step: printed, or (print 0) their gesture numbers collected in `kinds`. */
static int synthetic_run(const char *preferences, uint32_t size, int print, char *kinds, size_t kinds_size) {
    quill_gestures *g = NULL;
    int status = quill_gestures_new_from_file(preferences, &g);
    if (status) return fail("gestures", status);
    struct quill_gesture_outcome outcome;
#define TAKE()                                                                                                    \
    do {                                                                                                          \
        memset(&outcome, 0, sizeof outcome);                                                                      \
        outcome.size = size;                                                                                      \
        while (quill_gestures_next_outcome(g, &outcome) == 1) {                                                   \
            if (print) print_event_outcome(&outcome);                                                             \
            else snprintf(kinds + strlen(kinds), kinds_size - strlen(kinds), " %d", outcome.gesture);             \
        }                                                                                                         \
    } while (0)
#define STEP(call) do { if ((status = (call))) return fail(#call, status); TAKE(); } while (0)
    /* The pen: BTN_STYLUS held when it leaves proximity is a plain press and release, at once. */
    STEP(hover_span(g, 0, 0.0, 0.1, QUILL_TOOL_PEN, 0));
    STEP(hover_span(g, 0, 0.1, 0.2, QUILL_TOOL_PEN, QUILL_BUTTON_STYLUS));
    STEP(quill_gestures_proximity_out(g, 0, 0.2));
    /* BTN_STYLUS2 held 0.5 s is a squeeze; leaving proximity cancels it. */
    STEP(hover_span(g, 0, 1.0, 1.6, QUILL_TOOL_PEN, QUILL_BUTTON_STYLUS2));
    STEP(quill_gestures_proximity_out(g, 0, 1.6));
    /* The eraser end comes, and leaves with its proximity. */
    STEP(hover_span(g, 0, 2.0, 2.1, QUILL_TOOL_ERASER, 0));
    STEP(quill_gestures_proximity_out(g, 0, 2.1));
    /* A puck (device 1): BTN_LEFT is the double tap, BTN_MIDDLE its own action (switch to the previous tool), BTN_SIDE
     * the squeeze that leaving proximity ends. */
    STEP(hover_span(g, 1, 3.0, 3.1, QUILL_TOOL_MOUSE, 0));
    STEP(hover_span(g, 1, 3.1, 3.2, QUILL_TOOL_MOUSE, QUILL_PUCK_BUTTON_LEFT));
    STEP(hover_span(g, 1, 3.2, 3.3, QUILL_TOOL_MOUSE, 0));
    STEP(hover_span(g, 1, 3.3, 3.4, QUILL_TOOL_MOUSE, QUILL_PUCK_BUTTON_MIDDLE));
    STEP(hover_span(g, 1, 3.4, 3.5, QUILL_TOOL_MOUSE, QUILL_PUCK_BUTTON_SIDE));
    STEP(quill_gestures_proximity_out(g, 1, 3.5));
    /* A pad (device 2): button 3 shows the colour palette, the ring at 90° sets the width, the finger leaving does nothing. */
    struct quill_pad_event pad = { .size = sizeof pad, .device = 2, .time = 4.0, .kind = QUILL_PAD_BUTTON, .number = 3, .pressed = 1 };
    STEP(quill_gestures_add_pad_event(g, &pad));
    pad.time = 4.1;
    pad.pressed = 0;
    STEP(quill_gestures_add_pad_event(g, &pad));
    struct quill_pad_event ring = { .size = sizeof ring, .device = 2, .time = 4.2, .kind = QUILL_PAD_RING, .number = 0, .value = 90 };
    STEP(quill_gestures_add_pad_event(g, &ring));
    ring.time = 4.3;
    ring.value = -1;
    STEP(quill_gestures_add_pad_event(g, &ring));
    STEP(quill_gestures_advance(g, 10));
#undef STEP
#undef TAKE
    quill_gestures_free(g);
    return 0;
}

static void report(const char *name, int status);

static int gestures_synthetic(const char *preferences) {
    int status = synthetic_run(preferences, sizeof(struct quill_gesture_outcome), 1, NULL, 0);
    if (status) return status;
    char kinds[512] = "";
    if ((status = synthetic_run(preferences, QUILL_GESTURE_OUTCOME_SIZE_V1, 0, kinds, sizeof kinds))) return status;
    printf("v1%s\n", kinds);

    quill_gestures *g = NULL;
    if ((status = quill_gestures_new(NULL, &g))) return fail("gestures", status);
    report("proximity-device-negative", quill_gestures_proximity_out(g, -1, 1));
    report("proximity-time-nan", quill_gestures_proximity_out(g, 0, 0.0 / 0.0));
    report("proximity-null", quill_gestures_proximity_out(NULL, 0, 1));
    struct quill_pad_event pad = { .size = sizeof pad, .time = 1, .kind = 7 };
    report("pad-kind-7", quill_gestures_add_pad_event(g, &pad));
    pad.kind = QUILL_PAD_BUTTON;
    pad.pressed = 2;
    report("pad-pressed-2", quill_gestures_add_pad_event(g, &pad));
    pad.kind = QUILL_PAD_RING;
    pad.value = 400;
    report("pad-ring-400", quill_gestures_add_pad_event(g, &pad));
    pad.kind = QUILL_PAD_STRIP;
    pad.value = 0.0 / 0.0;
    report("pad-strip-nan", quill_gestures_add_pad_event(g, &pad));
    pad.value = 0.5;
    pad.time = 1.0 / 0.0;
    report("pad-time-inf", quill_gestures_add_pad_event(g, &pad));
    pad.time = 1;
    pad.number = -1;
    report("pad-number-negative", quill_gestures_add_pad_event(g, &pad));
    pad.number = 0;
    pad.size = QUILL_PAD_EVENT_SIZE_V1 - 1;
    report("pad-size-short", quill_gestures_add_pad_event(g, &pad));
    report("pad-null", quill_gestures_add_pad_event(g, NULL));
    quill_gestures_free(g);
    g = NULL;
    report("file-missing", quill_gestures_new_from_file("/nonexistent/quill/preferences.json", &g));
    quill_gestures_free(g);
    g = NULL;
    char bad[] = "/tmp/quill-abi-preferences-XXXXXX";
    int file = mkstemp(bad);
    if (file < 0 || write(file, "{\"padButtons\": {\"99\": \"squeeze\"}}", 33) != 33) return fail("temporary file", QUILL_ERROR_IO);
    close(file);
    report("file-bad-key", quill_gestures_new_from_file(bad, &g));
    unlink(bad);
    report("file-null-output", quill_gestures_new_from_file(preferences, NULL));
    return 0;
}

static void print_layout(const struct quill_layout *layout) {
    printf("size %d %d\n", layout->horizontal_size_class, layout->vertical_size_class);
    printf("canvas %g %g %g %g\n", layout->canvas.x, layout->canvas.y, layout->canvas.width, layout->canvas.height);
    printf("palette %g %g %g %g %d\n", layout->palette.x, layout->palette.y, layout->palette.width, layout->palette.height, layout->palette_docked);
}

static int geometry(const char *path) {
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    double width = 0, height = 0;
    if ((status = quill_source_get_area(source, &width, &height))) return fail("area", status);
    struct quill_engine_options options = { .size = sizeof options, .ink = QUILL_INK_PEN, .area_width_mm = width, .area_height_mm = height };
    quill_engine *engine = NULL;
    if ((status = quill_engine_new(&options, &engine))) return fail("engine", status);
    size_t vertex_capacity = 1, index_capacity = 1, total_vertices = 0, total_indices = 0, retries = 0;
    struct quill_vertex *vertices = malloc(vertex_capacity * sizeof *vertices);
    uint32_t *indices = malloc(index_capacity * sizeof *indices), max_index = 0;
    struct quill_sample sample = { .size = sizeof sample };
    while (quill_source_next_sample(source, &sample) == 1) {
        quill_engine_add_sample(engine, &sample, NULL);
        for (;;) {
            size_t vertex_count = 0, index_count = 0;
            status = quill_engine_take_geometry(engine, vertices, vertex_capacity, &vertex_count, indices, index_capacity, &index_count);
            if (status == QUILL_ERROR_BUFFER_TOO_SMALL) {
                retries++;
                vertex_capacity = vertex_count;
                index_capacity = index_count;
                vertices = realloc(vertices, vertex_capacity * sizeof *vertices);
                indices = realloc(indices, index_capacity * sizeof *indices);
                continue;
            }
            if (status) return fail("geometry", status);
            for (size_t i = 0; i < index_count; i++) {
                if (indices[i] >= vertex_count) { fprintf(stderr, "index %u beyond %zu vertices\n", indices[i], vertex_count); return 1; }
                if (indices[i] > max_index) max_index = indices[i];
            }
            total_vertices += vertex_count;
            total_indices += index_count;
            break;
        }
    }
    quill_engine_finish(engine);
    printf("vertices %zu indices %zu retries %zu strokes %d\n", total_vertices, total_indices, retries, quill_engine_stroke_count(engine));
    free(vertices);
    free(indices);
    quill_engine_free(engine);
    quill_source_close(source);
    return 0;
}

/* A toolkit's stroke (window points, 96 dpi) through an engine with smoothing and prediction off:
 * "samples N updates U offset D dirty K ink I" — D the largest distance between an update and its
 * event (0: drawn where the pointer was), K updates whose committed geometry came with a region. */
static int toolkit(void) {
    quill_toolkit *adapter = NULL;
    int status = quill_toolkit_new(3.78, 800, 600, &adapter);
    if (status) return fail("toolkit", status);
    double width = 0, height = 0;
    quill_toolkit_get_area(adapter, &width, &height);
    struct quill_engine_options options = { .size = sizeof options, .ink = QUILL_INK_MONOLINE, .area_width_mm = width,
                                            .area_height_mm = height, .canvas_width = 800, .canvas_height = 600,
                                            .smoothing_off = 1, .prediction_off = 1 };
    quill_engine *engine = NULL;
    if ((status = quill_engine_new(&options, &engine))) return fail("engine", status);
    struct quill_sample sample = { .size = sizeof sample };
    struct quill_stroke_update update = { .size = sizeof update };
    int samples = 0, updates = 0, dirty = 0;
    double offset = 0;
    for (int i = 0; i <= 100; i++) {
        struct quill_toolkit_event event = { .size = sizeof event, .x = 100 + 3 * i, .y = 300 + (i % 7), .time = i / 120.0,
                                             .touching = i < 100, .pressure = 0.3 + 0.005 * i, .tilt_x = 0.0 / 0.0,
                                             .tilt_y = 0.0 / 0.0, .rotation = 0.0 / 0.0, .tool = QUILL_TOOL_PEN };
        if ((status = quill_toolkit_sample(adapter, &event, &sample))) return fail("sample", status);
        samples++;
        if (i == 50) quill_engine_set_ink(engine, QUILL_INK_MARKER, 0);
        if (quill_engine_add_sample(engine, &sample, &update) == 1) {
            updates++;
            double dx = update.x - event.x, dy = update.y - event.y, d = dx * dx + dy * dy;
            if (d > offset) offset = d;
            if (update.has_dirty && update.dirty.width >= 0 && update.dirty.height >= 0) dirty++;
        }
        size_t nv = 0, ni = 0;
        quill_engine_take_geometry(engine, NULL, 0, &nv, NULL, 0, &ni);
        static struct quill_vertex vertices[4096];
        static uint32_t indices[16384];
        quill_engine_take_geometry(engine, vertices, 4096, &nv, indices, 16384, &ni);
    }
    struct quill_toolkit_event bad = { .size = sizeof bad, .x = 1, .y = 1, .time = 2, .touching = 1, .pressure = 1.5,
                                       .tilt_x = 0.0 / 0.0, .tilt_y = 0.0 / 0.0, .rotation = 0.0 / 0.0 };
    int refused = quill_toolkit_sample(adapter, &bad, &sample);
    printf("samples %d updates %d offset %g dirty %d refused %d\n", samples, updates, offset, dirty, refused);
    quill_engine_free(engine);
    quill_toolkit_free(adapter);
    return 0;
}

/* The pad events of a recording (with its .desc): "TYPE NUMBER STATE-OR-VALUE GROUP MODE TIME" per event. */
static int pad(const char *path, const char *description) {
    struct quill_source_options options = { .size = sizeof options, .device_file = description };
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, &options, &source);
    if (status) return fail("open", status);
    struct quill_pad_event event = { .size = sizeof event };
    static const char *kinds[] = { "button", "ring", "strip" };
    while ((status = quill_source_next_pad_event(source, &event)) == 1) {
        if (event.kind == QUILL_PAD_BUTTON)
            printf("%s %d %s %d %d %.6f\n", kinds[event.kind], event.number, event.pressed ? "pressed" : "released", event.mode_group, event.mode, event.time);
        else
            printf("%s %d %.6f %d %d %.6f\n", kinds[event.kind], event.number, event.value, event.mode_group, event.mode, event.time);
    }
    quill_source_close(source);
    return status < 0 ? fail("pad", status) : 0;
}

/* An engine cloned halfway through a stroke goes on exactly as the original:
 * "same V" with V the vertices both committed after the clone, or "differ". */
static int clone(const char *path) {
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, NULL, &source);
    if (status) return fail("open", status);
    double width = 0, height = 0;
    quill_source_get_area(source, &width, &height);
    struct quill_engine_options options = { .size = sizeof options, .ink = QUILL_INK_FOUNTAIN_PEN, .area_width_mm = width, .area_height_mm = height };
    quill_engine *engine = NULL, *copy = NULL;
    if ((status = quill_engine_new(&options, &engine))) return fail("engine", status);
    struct quill_sample sample = { .size = sizeof sample };
    static struct quill_vertex a[8192], b[8192];
    static uint32_t ia[32768], ib[32768];
    size_t na, nb, nia, nib, total = 0;
    int moved = 0, same = 1;
    while (quill_source_next_sample(source, &sample) == 1) {
        if (!copy && sample.phase == QUILL_PHASE_MOVED && ++moved == 20) {
            quill_engine_take_geometry(engine, a, 8192, &na, ia, 32768, &nia);
            if ((status = quill_engine_clone(engine, &copy))) return fail("clone", status);
            continue;  /* from here on both get the same samples */
        }
        quill_engine_add_sample(engine, &sample, NULL);
        if (!copy) { quill_engine_take_geometry(engine, a, 8192, &na, ia, 32768, &nia); continue; }
        quill_engine_add_sample(copy, &sample, NULL);
        quill_engine_take_geometry(engine, a, 8192, &na, ia, 32768, &nia);
        quill_engine_take_geometry(copy, b, 8192, &nb, ib, 32768, &nib);
        if (na != nb || nia != nib || memcmp(a, b, na * sizeof *a) || memcmp(ia, ib, nia * sizeof *ia)) same = 0;
        total += na;
    }
    printf("%s %zu\n", copy && same ? "same" : "differ", total);
    quill_engine_free(engine);
    quill_engine_free(copy);
    quill_source_close(source);
    return 0;
}

static void report(const char *name, int status) { printf("%s %d %s\n", name, status, quill_last_error()); }

static int errors(void) {
    quill_source *source = NULL;
    quill_engine *engine = NULL;
    struct quill_layout layout = { .size = sizeof layout };
    report("missing-file", quill_source_open_recording("/nonexistent/quill.events", NULL, &source));
    report("null-path", quill_source_open_recording(NULL, NULL, &source));
    struct quill_engine_options zero_size = { 0 };
    zero_size.area_width_mm = 100;
    zero_size.area_height_mm = 100;
    report("struct-size-0", quill_engine_new(&zero_size, &engine));
    struct quill_engine_options wide = { .size = sizeof wide, .ink = QUILL_INK_PEN, .width = 500, .area_width_mm = 100, .area_height_mm = 100 };
    report("pen-width-500", quill_engine_new(&wide, &engine));
    struct quill_engine_options ink = { .size = sizeof ink, .ink = 42, .area_width_mm = 100, .area_height_mm = 100 };
    report("ink-42", quill_engine_new(&ink, &engine));
    struct quill_engine_options empty = { .size = sizeof empty, .ink = QUILL_INK_PEN };
    report("empty-area", quill_engine_new(&empty, &engine));
    report("window-100", quill_layout_window(100, 600, 0, &layout));
    report("device-unknown", quill_layout_device("no-such-ipad", 1, 0, &layout));
    struct quill_gesture_preferences preferences = { .size = sizeof preferences, .tap_action = 99 };
    quill_gestures *recognizer = NULL;
    report("tap-action-99", quill_gestures_new(&preferences, &recognizer));
    report("not-an-event-node", quill_source_open_device("/dev/null", NULL, &source));
    return 0;
}

#define SIZES(s, name, newest) printf("%s %zu %d %d\n", #s, sizeof(struct s), QUILL_##name##_SIZE_V1, newest)

static int sizes(void) {
    SIZES(quill_sample, SAMPLE, QUILL_SAMPLE_SIZE_V2);
    SIZES(quill_source_options, SOURCE_OPTIONS, QUILL_SOURCE_OPTIONS_SIZE_V3);
    SIZES(quill_pad_event, PAD_EVENT, QUILL_PAD_EVENT_SIZE_V1);
    SIZES(quill_engine_options, ENGINE_OPTIONS, QUILL_ENGINE_OPTIONS_SIZE_V4);
    SIZES(quill_stroke_update, STROKE_UPDATE, QUILL_STROKE_UPDATE_SIZE_V2);
    SIZES(quill_toolkit_event, TOOLKIT_EVENT, QUILL_TOOLKIT_EVENT_SIZE_V1);
    SIZES(quill_gesture_preferences, GESTURE_PREFERENCES, QUILL_GESTURE_PREFERENCES_SIZE_V1);
    SIZES(quill_gesture_outcome, GESTURE_OUTCOME, QUILL_GESTURE_OUTCOME_SIZE_V3);
    SIZES(quill_layout, LAYOUT, QUILL_LAYOUT_SIZE_V2);
    printf("offset quill_source_options.proximity_timeout %zu\n", offsetof(struct quill_source_options, proximity_timeout));
    printf("offset quill_layout.scale %zu\n", offsetof(struct quill_layout, scale));
    printf("offset quill_gesture_outcome.number %zu\n", offsetof(struct quill_gesture_outcome, number));
    printf("offset quill_sample.tilt_x %zu\n", offsetof(struct quill_sample, tilt_x));
    printf("offset quill_engine_options.eraser %zu\n", offsetof(struct quill_engine_options, eraser));
    printf("offset quill_stroke_update.stroke_id %zu\n", offsetof(struct quill_stroke_update, stroke_id));
    printf("offset quill_source_options.pressure_curve %zu\n", offsetof(struct quill_source_options, pressure_curve));
    printf("offset quill_gesture_outcome.ink_before %zu\n", offsetof(struct quill_gesture_outcome, ink_before));
    printf("offset quill_engine_options.prediction_horizon %zu\n", offsetof(struct quill_engine_options, prediction_horizon));
    return 0;
}

static int scale(const char *device) {
    struct quill_layout layout = { .size = sizeof layout };
    int status = quill_layout_device(device, 1, 0, &layout);
    if (status) return fail("device", status);
    printf("scale %g\n", layout.scale);
    memset(&layout, 0, sizeof layout);
    layout.size = sizeof layout;
    if ((status = quill_layout_window(800, 600, 0, &layout))) return fail("window", status);
    printf("scale %g\n", layout.scale);
    return 0;
}

static int samples(const char *path, double timeout) {
    struct quill_source_options options = { .size = sizeof options, .proximity_timeout = timeout };
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, &options, &source);
    if (status) {
        printf("error %d %s\n", status, quill_last_error());
        return 0;
    }
    struct quill_sample sample = { .size = sizeof sample };
    long count = 0;
    while (quill_source_next_sample(source, &sample) == 1) count++;
    printf("samples %ld\n", count);
    quill_source_close(source);
    return 0;
}

/* A newer header's structs, larger than libquill's: accepted, the bytes libquill does not know left alone. */
#define NEWER(type) struct { type value; unsigned char unknown[32]; unsigned char canary[CANARY_SIZE]; }
#define ARM_NEWER(x) do { memset(&(x), CANARY_BYTE, sizeof(x)); (x).value.size = sizeof((x).value) + sizeof((x).unknown); } while (0)
static int untouched_tail(const unsigned char *bytes, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (bytes[i] != CANARY_BYTE) return 0;
    return 1;
}
#define TAIL_UNTOUCHED(x) (untouched_tail((x).unknown, sizeof((x).unknown) + CANARY_SIZE) && (x).value.size == sizeof((x).value) + sizeof((x).unknown))

static int newer(const char *path) {
    NEWER(struct quill_source_options) options;
    memset(&options, 0, sizeof options);
    options.value.size = sizeof options.value + sizeof options.unknown;
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, &options.value, &source);
    printf("quill_source_options %d 1\n", status);
    if (status) return fail("open", status);
    NEWER(struct quill_sample) sample;
    ARM_NEWER(sample);
    status = quill_source_next_sample(source, &sample.value);
    printf("quill_sample %d %d\n", status, TAIL_UNTOUCHED(sample));
    NEWER(struct quill_layout) layout;
    ARM_NEWER(layout);
    status = quill_layout_device("ipad-pro-12.9-gen3plus", 1, 0, &layout.value);
    printf("quill_layout %d %d %g\n", status, TAIL_UNTOUCHED(layout), layout.value.scale);
    quill_source_close(source);
    return 0;
}

static int fd_refusals(const char *path) {
    quill_source *source = NULL;
    report("fd-negative", quill_source_open_fd(-1, NULL, &source));
    report("fd-closed", quill_source_open_fd(987, NULL, &source));
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return fail("open file", QUILL_ERROR_IO);
    report("fd-regular-file", quill_source_open_fd(file, NULL, &source));
    report("fd-null-output", quill_source_open_fd(file, NULL, NULL));
    int null_device = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_device < 0) return fail("open /dev/null", QUILL_ERROR_IO);
    report("fd-not-evdev", quill_source_open_fd(null_device, NULL, &source));
    /* Refused, the caller's fds are still the caller's: open, and readable. */
    char byte;
    printf("caller-fd-open %d\n", fcntl(null_device, F_GETFD) != -1 && fcntl(file, F_GETFD) != -1 && read(file, &byte, 1) == 1);
    close(file);
    close(null_device);
    return 0;
}

static double monotonic(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Reads a live node (a mocked one that is unplugged on the way) until dispatch fails or SECONDS pass. */
static int unplug(const char *node, double seconds) {
    quill_source *source = NULL;
    int status = quill_source_open_device(node, NULL, &source);
    if (status) return fail("open", status);
    struct quill_sample sample = { .size = sizeof sample };
    long count = 0;
    int last_phase = -1, dispatched = QUILL_OK;
    double stop = monotonic() + seconds;
    while (monotonic() < stop) {
        int timeout = quill_source_get_timeout(source);
        struct pollfd ready = { .fd = quill_source_get_fd(source), .events = POLLIN };
        poll(&ready, 1, timeout >= 0 && timeout < 100 ? timeout : 100);
        dispatched = quill_source_dispatch(source);
        /* What was read before the device went away, and the cancelled end of its stroke, are still to be taken. */
        while (quill_source_next_sample(source, &sample) == 1) {
            count++;
            last_phase = sample.phase;
        }
        if (dispatched < 0) break;
    }
    printf("samples %ld last-phase %d\n", count, last_phase);
    printf("status %d %s\n", dispatched, quill_strerror(dispatched));
    printf("message %s\n", quill_last_error());
    printf("again %d\n", quill_source_dispatch(source));
    quill_source_close(source);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "gestures")) return gestures(argv[2]);
    if (argc == 5 && !strcmp(argv[1], "gestures-events")) return gestures_events(argv[2], argv[3], argv[4]);
    if (argc == 3 && !strcmp(argv[1], "gestures-synthetic")) return gestures_synthetic(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "geometry")) return geometry(argv[2]);
    if (argc == 5 && !strcmp(argv[1], "layout")) {
        struct quill_layout layout = { .size = sizeof layout };
        int status = quill_layout_window(atof(argv[2]), atof(argv[3]), !strcmp(argv[4], "left"), &layout);
        if (status) return fail("layout", status);
        print_layout(&layout);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "device")) {
        struct quill_layout layout = { .size = sizeof layout };
        int status = quill_layout_device(argv[2], 1, 0, &layout);
        if (status) return fail("device", status);
        print_layout(&layout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "errors")) return errors();
    if (argc == 2 && !strcmp(argv[1], "toolkit")) return toolkit();
    if (argc == 4 && !strcmp(argv[1], "pad")) return pad(argv[2], argv[3]);
    if (argc == 3 && !strcmp(argv[1], "clone")) return clone(argv[2]);
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "replay")) return replay(argv[2], argc == 4 ? argv[3] : NULL);
    if (argc == 2 && !strcmp(argv[1], "sizes")) return sizes();
    if (argc == 3 && !strcmp(argv[1], "scale")) return scale(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "samples")) return samples(argv[2], atof(argv[3]));
    if (argc == 3 && !strcmp(argv[1], "newer")) return newer(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "fd")) return fd_refusals(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "unplug")) return unplug(argv[2], atof(argv[3]));
    fprintf(stderr, "usage: abi_check gestures-events FILE DESC PREFS | gestures-synthetic PREFS | gestures|geometry|clone|replay|newer|fd FILE | layout W H left|right | device ID | errors | sizes | scale ID | samples FILE T | unplug NODE SECONDS\n");
    return 2;
}
