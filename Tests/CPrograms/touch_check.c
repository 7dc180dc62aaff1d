/* Touches and finger gestures through libquill: reads a recording's touches with
 * quill_source_next_touch, hands them to quill_gestures_add_touch (drawing policy from argv[2]:
 * 0 default, 1 any input, 2 pencil only) and prints what came out, one count per line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "quill.h"

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: touch_check RECORDING POLICY\n");
        return 2;
    }
    quill_source *source = NULL;
    int status = quill_source_open_recording(argv[1], NULL, &source);
    if (status != QUILL_OK) {
        fprintf(stderr, "open: %s\n", quill_last_error());
        return 1;
    }
    quill_gestures *gestures = NULL;
    if (quill_gestures_new(NULL, &gestures) != QUILL_OK || quill_gestures_set_drawing_policy(gestures, atoi(argv[2])) != QUILL_OK) {
        fprintf(stderr, "gestures: %s\n", quill_last_error());
        return 1;
    }
    struct quill_touch touch = {.size = sizeof touch};
    int touches = 0, rejected = 0, began = 0, frames = 0, sized = 0;
    while (quill_source_next_touch(source, &touch) == 1) {
        touches++;
        rejected += touch.rejected;
        began += touch.phase == QUILL_TOUCH_BEGAN;
        frames += touch.frame_end;
        sized += !isnan(touch.major_mm);
        if (quill_gestures_add_touch(gestures, &touch) != QUILL_OK) {
            fprintf(stderr, "add_touch: %s\n", quill_last_error());
            return 1;
        }
    }
    struct quill_finger_gesture gesture = {.size = sizeof gesture};
    int undo = 0, redo = 0, transforms = 0, ink = 0;
    while (quill_gestures_next_finger_gesture(gestures, &gesture) == 1) {
        undo += gesture.request == QUILL_REQUEST_UNDO;
        redo += gesture.request == QUILL_REQUEST_REDO;
        transforms += gesture.kind == QUILL_FINGER_TRANSFORM;
        ink += gesture.kind == QUILL_FINGER_INK && gesture.ink.size == sizeof(struct quill_sample);
    }
    /* A bad touch is refused with a message. */
    touch.phase = 9;
    int refused = quill_gestures_add_touch(gestures, &touch) == QUILL_ERROR_INVALID_ARGUMENT;
    printf("touches %d\nrejected %d\nbegan %d\nframes %d\nsized %d\nundo %d\nredo %d\ntransforms %d\nink %d\nrefused %d\n",
        touches, rejected, began, frames, sized, undo, redo, transforms, ink, refused);
    quill_gestures_free(gestures);
    quill_source_close(source);
    return 0;
}
