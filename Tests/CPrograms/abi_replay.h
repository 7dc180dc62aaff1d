/*
 * abi_replay.h — one run through every call of quill.h that reads or fills a struct, printed field
 * by field, for abi_check.c (compiled against today's quill.h) and abi_v1.c (against quill
 * 0.4.0's, Tests/CPrograms/quill-0.4.0): the two print the same lines when libquill keeps 0.4.0's
 * structs working. Only 0.4.0's fields are used, and only 0.4.0's gesture kinds printed. Every struct libquill fills lies in front of a
 * canary (CANARY_SIZE bytes of CANARY_BYTE) that must come back untouched, and keeps the size the
 * caller set.
 *
 *   replay FILE [DESC]   "sample …", "update …", "outcome …", "pad …", "toolkit …", "layout …"
 *                        lines, then "canaries N intact"
 */
#ifndef ABI_REPLAY_H
#define ABI_REPLAY_H

#include <quill.h>
#include <stdio.h>
#include <string.h>

#define CANARY_SIZE 64
#define CANARY_BYTE 0xA5

/* A struct libquill fills, with the canary right behind it (at sizeof(struct …)). */
#define CANARIED(type) struct { type value; unsigned char canary[CANARY_SIZE]; }
/* Fills everything with the canary byte, then sets the size field. */
#define ARM(x) do { memset(&(x), CANARY_BYTE, sizeof(x)); (x).value.size = sizeof((x).value); } while (0)

static int canaries_checked, canaries_broken;

/* Checks that nothing was written past the struct and that its size field is as it was set. */
static void check_canary(const char *what, const unsigned char *canary, uint32_t size, size_t expected_size) {
    canaries_checked++;
    for (int i = 0; i < CANARY_SIZE; i++) {
        if (canary[i] != CANARY_BYTE) {
            fprintf(stderr, "%s: byte %d past the struct was written\n", what, i);
            canaries_broken++;
            return;
        }
    }
    if (size != expected_size) {
        fprintf(stderr, "%s: size field changed to %u\n", what, size);
        canaries_broken++;
    }
}
#define CHECK(what, x) check_canary(what, (x).canary, (x).value.size, sizeof((x).value))

static int replay_fail(const char *what, int status) {
    fprintf(stderr, "%s: %s: %s\n", what, quill_strerror(status), quill_last_error());
    return 1;
}

static void print_sample(const char *label, const struct quill_sample *s) {
    printf("%s %d %.17g %.17g %.17g %.17g %.17g %d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %u %u %u\n", label, s->device, s->time, s->x,
           s->y, s->x_mm, s->y_mm, s->phase, s->tool, s->force, s->pressure, s->altitude, s->azimuth, s->roll, s->distance, s->wheel,
           s->buttons, s->serial, s->tool_id);
}

/* Whether both programs get this outcome: today's header also gets the kinds after 0.4.0 (buttons, the eraser end,
 * pad and puck), 0.4.0's must not — the two print the same lines when libquill gives a 0.4.0 caller exactly 0.4.0's
 * kinds. */
static int is_040_outcome(const struct quill_gesture_outcome *o) {
#ifdef QUILL_GESTURE_OUTCOME_SIZE_V2
    return o->gesture <= QUILL_GESTURE_SQUEEZE_CANCELLED;
#else
    (void)o;
    return 1;
#endif
}

/* Checks an outcome's canary; one of a later kind (today's header only) is checked but not counted. */
#define CHECK_OUTCOME(x) do { int counted = is_040_outcome(&(x).value); CHECK("quill_gesture_outcome", x); if (!counted) canaries_checked--; } while (0)

static void print_outcome(const struct quill_gesture_outcome *o) {
    if (!is_040_outcome(o)) return;
    printf("outcome %.17g %d %d %s %s %.17g %.17g\n", o->time, o->gesture, o->action, o->tool_before, o->tool_after, o->hover_x, o->hover_y);
}

static void print_layout_fields(const struct quill_layout *l) {
    printf("layout %d %d %g %g %g %g %g %g %g %g %g %g %g %g %d\n", l->horizontal_size_class, l->vertical_size_class, l->safe_area.x,
           l->safe_area.y, l->safe_area.width, l->safe_area.height, l->canvas.x, l->canvas.y, l->canvas.width, l->canvas.height,
           l->palette.x, l->palette.y, l->palette.width, l->palette.height, l->palette_docked);
}

static int replay(const char *path, const char *description) {
    struct quill_source_options options = { .size = sizeof options, .device_file = description };
    quill_source *source = NULL;
    int status = quill_source_open_recording(path, &options, &source);
    if (status) return replay_fail("open", status);
    double width = 0, height = 0;
    int has_area = quill_source_get_area(source, &width, &height) == QUILL_OK;
    struct quill_engine_options engine_options = { .size = sizeof engine_options, .ink = QUILL_INK_FOUNTAIN_PEN,
                                                   .area_width_mm = has_area ? width : 100, .area_height_mm = has_area ? height : 100 };
    quill_engine *engine = NULL;
    if ((status = quill_engine_new(&engine_options, &engine))) return replay_fail("engine", status);
    struct quill_gesture_preferences preferences = { .size = sizeof preferences, .tap_action = QUILL_ACTION_SWITCH_PREVIOUS,
                                                     .squeeze_action = QUILL_ACTION_SHOW_CONTEXTUAL_PALETTE };
    quill_gestures *recognizer = NULL;
    if ((status = quill_gestures_new(&preferences, &recognizer))) return replay_fail("gestures", status);

    CANARIED(struct quill_sample) sample;
    CANARIED(struct quill_stroke_update) update;
    CANARIED(struct quill_gesture_outcome) outcome;
    ARM(sample);
    ARM(outcome);
    double last = 0;
    while ((status = quill_source_next_sample(source, &sample.value)) == 1) {
        CHECK("quill_sample", sample);
        print_sample("sample", &sample.value);
        last = sample.value.time;
        ARM(update);
        int added = quill_engine_add_sample(engine, &sample.value, &update.value);
        if (added < 0) return replay_fail("add", added);
        CHECK("quill_stroke_update", update);
        if (added == 1) {
            const struct quill_stroke_update *u = &update.value;
            printf("update %d %.17g %.17g %.17g %.17g %.17g %.17g %d %d %.17g %.17g %.17g %.17g\n", u->stroke, u->time, u->x, u->y, u->width,
                   u->predicted_x, u->predicted_y, u->is_end, u->has_dirty, u->dirty.x, u->dirty.y, u->dirty.width, u->dirty.height);
        }
        if ((status = quill_gestures_add_sample(recognizer, &sample.value))) return replay_fail("gesture sample", status);
        while (quill_gestures_next_outcome(recognizer, &outcome.value) == 1) {
            CHECK_OUTCOME(outcome);
            print_outcome(&outcome.value);
        }
        ARM(sample);
    }
    if (status < 0) return replay_fail("next sample", status);
    quill_gestures_advance(recognizer, last + 10);
    while (quill_gestures_next_outcome(recognizer, &outcome.value) == 1) {
        CHECK_OUTCOME(outcome);
        print_outcome(&outcome.value);
    }
    quill_engine_finish(engine);
    printf("strokes %d\n", quill_engine_stroke_count(engine));

    CANARIED(struct quill_pad_event) pad;
    ARM(pad);
    while ((status = quill_source_next_pad_event(source, &pad.value)) == 1) {
        CHECK("quill_pad_event", pad);
        const struct quill_pad_event *e = &pad.value;
        printf("pad %d %.17g %d %d %d %.17g %d %d\n", e->device, e->time, e->kind, e->number, e->pressed, e->value, e->mode_group, e->mode);
        ARM(pad);
    }
    if (status < 0) return replay_fail("next pad event", status);

    quill_toolkit *toolkit = NULL;
    if ((status = quill_toolkit_new(3.78, 800, 600, &toolkit))) return replay_fail("toolkit", status);
    for (int i = 0; i <= 10; i++) {
        struct quill_toolkit_event event = { .size = sizeof event, .x = 100 + 7 * i, .y = 300 - 3 * i, .time = i / 120.0, .touching = i < 10,
                                             .pressure = 0.2 + 0.05 * i, .tilt_x = 10 - i, .tilt_y = 0.0 / 0.0, .rotation = 0.0 / 0.0,
                                             .tool = QUILL_TOOL_PENCIL, .buttons = i == 5 ? QUILL_BUTTON_STYLUS : 0 };
        ARM(sample);
        if ((status = quill_toolkit_sample(toolkit, &event, &sample.value))) return replay_fail("toolkit sample", status);
        CHECK("quill_sample", sample);
        print_sample("toolkit", &sample.value);
    }
    quill_toolkit_free(toolkit);

    CANARIED(struct quill_layout) layout;
    ARM(layout);
    if ((status = quill_layout_window(800, 600, 1, &layout.value))) return replay_fail("layout", status);
    CHECK("quill_layout", layout);
    print_layout_fields(&layout.value);
    ARM(layout);
    if ((status = quill_layout_device("ipad-pro-12.9-gen3plus", 0, 0, &layout.value))) return replay_fail("layout device", status);
    CHECK("quill_layout", layout);
    print_layout_fields(&layout.value);

    quill_gestures_free(recognizer);
    quill_engine_free(engine);
    quill_source_close(source);
    printf("canaries %d %s\n", canaries_checked, canaries_broken ? "broken" : "intact");
    return canaries_broken ? 1 : 0;
}

#endif /* ABI_REPLAY_H */
