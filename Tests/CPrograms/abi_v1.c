/*
 * abi_v1 — a program built against quill 0.4.0's quill.h (Tests/CPrograms/quill-0.4.0, compiled
 * with that folder on the include path) and run against today's libquill.so.0, for
 * EmbeddingTests: every struct it hands over has 0.4.0's size.
 *   abi_v1 replay FILE [DESC]   the lines of abi_replay.h, which abi_check prints too
 *   abi_v1 sizes                "NAME SIZEOF" for each struct of 0.4.0's header
 *   abi_v1 refuse FILE          each struct one byte short of 0.4.0's size: "NAME STATUS UNTOUCHED MESSAGE",
 *                               UNTOUCHED 1 when libquill wrote nothing into it (or past it)
 */
#include "abi_replay.h"
#include <stdlib.h>

#define SIZE(s) printf("%s %zu\n", #s, sizeof(struct s))

static int sizes(void) {
    SIZE(quill_sample);
    SIZE(quill_source_options);
    SIZE(quill_pad_event);
    SIZE(quill_engine_options);
    SIZE(quill_stroke_update);
    SIZE(quill_toolkit_event);
    SIZE(quill_gesture_preferences);
    SIZE(quill_gesture_outcome);
    SIZE(quill_layout);
    return 0;
}

/* An output struct one byte short: filled with the canary byte, copied, and compared after the call. */
#define SHORT(x) do { memset(&(x), CANARY_BYTE, sizeof(x)); (x).value.size = sizeof((x).value) - 1; memcpy(&before, &(x), sizeof(x) < sizeof before ? sizeof(x) : sizeof before); } while (0)
#define UNTOUCHED(x) (memcmp(&before, &(x), sizeof(x)) == 0)

static void report(const char *name, int status, int untouched) { printf("%s %d %d %s\n", name, status, untouched, quill_last_error()); }

static int refuse(const char *path) {
    static unsigned char before[1024];
    quill_source *source = NULL;
    int status;

    struct quill_source_options short_options = { .size = sizeof short_options - 1 };
    report("quill_source_options", quill_source_open_recording(path, &short_options, &source), 1);
    if ((status = quill_source_open_recording(path, NULL, &source))) return replay_fail("open", status);

    CANARIED(struct quill_sample) sample;
    SHORT(sample);
    report("quill_sample", quill_source_next_sample(source, &sample.value), UNTOUCHED(sample));
    /* The refused call took nothing: the first sample is still there. */
    CANARIED(struct quill_sample) first;
    ARM(first);
    if (quill_source_next_sample(source, &first.value) != 1) return replay_fail("first sample", -1);
    CANARIED(struct quill_sample) again;
    ARM(again);
    quill_source *fresh = NULL;
    if ((status = quill_source_open_recording(path, NULL, &fresh))) return replay_fail("open", status);
    quill_source_next_sample(fresh, &again.value);
    printf("first-sample-kept %d\n", memcmp(&first.value, &again.value, sizeof first.value) == 0);
    quill_source_close(fresh);

    struct quill_engine_options short_engine = { .size = sizeof short_engine - 1, .ink = QUILL_INK_PEN, .area_width_mm = 100, .area_height_mm = 100 };
    quill_engine *engine = NULL;
    report("quill_engine_options", quill_engine_new(&short_engine, &engine), 1);
    struct quill_engine_options engine_options = { .size = sizeof engine_options, .ink = QUILL_INK_PEN, .area_width_mm = 100, .area_height_mm = 100 };
    if ((status = quill_engine_new(&engine_options, &engine))) return replay_fail("engine", status);
    struct quill_sample input = first.value;
    input.size = sizeof input - 1;
    report("quill_sample-input", quill_engine_add_sample(engine, &input, NULL), 1);
    input.size = sizeof input;
    input.phase = QUILL_PHASE_BEGAN;
    CANARIED(struct quill_stroke_update) update;
    SHORT(update);
    report("quill_stroke_update", quill_engine_add_sample(engine, &input, &update.value), UNTOUCHED(update));

    quill_toolkit *toolkit = NULL;
    if ((status = quill_toolkit_new(3.78, 800, 600, &toolkit))) return replay_fail("toolkit", status);
    struct quill_toolkit_event event = { .size = sizeof event - 1, .x = 1, .y = 1, .time = 0, .pressure = 0.0 / 0.0, .tilt_x = 0.0 / 0.0,
                                         .tilt_y = 0.0 / 0.0, .rotation = 0.0 / 0.0 };
    ARM(sample);
    report("quill_toolkit_event", quill_toolkit_sample(toolkit, &event, &sample.value), 1);
    quill_toolkit_free(toolkit);

    struct quill_gesture_preferences short_preferences = { .size = sizeof short_preferences - 1 };
    quill_gestures *recognizer = NULL;
    report("quill_gesture_preferences", quill_gestures_new(&short_preferences, &recognizer), 1);
    if ((status = quill_gestures_new(NULL, &recognizer))) return replay_fail("gestures", status);
    CANARIED(struct quill_gesture_outcome) outcome;
    SHORT(outcome);
    report("quill_gesture_outcome", quill_gestures_next_outcome(recognizer, &outcome.value), UNTOUCHED(outcome));
    quill_gestures_free(recognizer);

    CANARIED(struct quill_pad_event) pad;
    SHORT(pad);
    report("quill_pad_event", quill_source_next_pad_event(source, &pad.value), UNTOUCHED(pad));

    CANARIED(struct quill_layout) layout;
    SHORT(layout);
    report("quill_layout", quill_layout_window(800, 600, 0, &layout.value), UNTOUCHED(layout));

    quill_engine_free(engine);
    quill_source_close(source);
    return 0;
}

int main(int argc, char **argv) {
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "replay")) return replay(argv[2], argc == 4 ? argv[3] : NULL);
    if (argc == 2 && !strcmp(argv[1], "sizes")) return sizes();
    if (argc == 3 && !strcmp(argv[1], "refuse")) return refuse(argv[2]);
    fprintf(stderr, "usage: abi_v1 replay FILE [DESC] | sizes | refuse FILE\n");
    return 2;
}
