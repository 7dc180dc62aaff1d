/*
 * libinput-touch-events — libinput's own touch and tablet-proximity events, one line each, with
 * the event times to the microsecond (libinput debug-events prints milliseconds from its start).
 *
 *   libinput-touch-events SECONDS /dev/input/eventA [/dev/input/eventB ...]
 *
 * Adds every node to one libinput path context (as `libinput debug-events --device` does), so a
 * pen and a touchscreen in the same device group (udev LIBINPUT_DEVICE_GROUP) are paired and
 * libinput's touch arbitration runs. Reads for SECONDS, then exits 0. Standard output, one event
 * per line, fields separated by spaces, TIME in CLOCK_MONOTONIC microseconds (the kernel's event
 * time), positions in mm:
 *   ADDED NODE CAPABILITIES                  (capabilities: touch, tablet, pointer…, comma-separated)
 *   TOUCH_DOWN|TOUCH_MOTION NODE TIME SLOT SEAT_SLOT X Y
 *   TOUCH_UP|TOUCH_CANCEL NODE TIME SLOT SEAT_SLOT
 *   TOUCH_FRAME NODE TIME
 *   PROXIMITY_IN|PROXIMITY_OUT NODE TIME X Y TILT_X
 *   TIP_DOWN|TIP_UP NODE TIME X Y
 * Standard error: libinput's own log at debug priority ("libinput: …"), e.g. "touch-arbitration:
 * activated for event13<->event14" when the pair is made. Built and run by the tests
 * (Tests/QuillInputTests/LibinputTouchOracle.swift) inside umockdev-run with quillmock.so.
 */
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags);
    return fd < 0 ? -errno : fd;
}

static void close_restricted(int fd, void *data) {
    (void)data;
    close(fd);
}

static const struct libinput_interface interface = { open_restricted, close_restricted };

static void log_handler(struct libinput *li, enum libinput_log_priority priority, const char *format, va_list args) {
    (void)li;
    (void)priority;
    fputs("libinput: ", stderr);
    vfprintf(stderr, format, args);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static const char *node(struct libinput_event *event) {
    return libinput_device_get_sysname(libinput_event_get_device(event));
}

static void print_added(struct libinput_event *event) {
    struct libinput_device *device = libinput_event_get_device(event);
    static const struct { enum libinput_device_capability capability; const char *name; } names[] = {
        { LIBINPUT_DEVICE_CAP_KEYBOARD, "keyboard" }, { LIBINPUT_DEVICE_CAP_POINTER, "pointer" },
        { LIBINPUT_DEVICE_CAP_TOUCH, "touch" }, { LIBINPUT_DEVICE_CAP_TABLET_TOOL, "tablet" },
        { LIBINPUT_DEVICE_CAP_TABLET_PAD, "pad" }, { LIBINPUT_DEVICE_CAP_GESTURE, "gesture" },
        { LIBINPUT_DEVICE_CAP_SWITCH, "switch" },
    };
    printf("ADDED %s ", node(event));
    int first = 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!libinput_device_has_capability(device, names[i].capability)) continue;
        printf("%s%s", first ? "" : ",", names[i].name);
        first = 0;
    }
    printf("%s\n", first ? "none" : "");
}

static void print_touch(struct libinput_event *event, const char *kind) {
    struct libinput_event_touch *touch = libinput_event_get_touch_event(event);
    unsigned long long time = (unsigned long long)libinput_event_touch_get_time_usec(touch);
    switch (libinput_event_get_type(event)) {
    case LIBINPUT_EVENT_TOUCH_FRAME:
        printf("%s %s %llu\n", kind, node(event), time);
        break;
    case LIBINPUT_EVENT_TOUCH_DOWN:
    case LIBINPUT_EVENT_TOUCH_MOTION:
        printf("%s %s %llu %d %d %.3f %.3f\n", kind, node(event), time, libinput_event_touch_get_slot(touch),
               libinput_event_touch_get_seat_slot(touch), libinput_event_touch_get_x(touch), libinput_event_touch_get_y(touch));
        break;
    default:
        printf("%s %s %llu %d %d\n", kind, node(event), time, libinput_event_touch_get_slot(touch),
               libinput_event_touch_get_seat_slot(touch));
        break;
    }
}

static void print_tool(struct libinput_event *event) {
    struct libinput_event_tablet_tool *tool = libinput_event_get_tablet_tool_event(event);
    unsigned long long time = (unsigned long long)libinput_event_tablet_tool_get_time_usec(tool);
    double x = libinput_event_tablet_tool_get_x(tool), y = libinput_event_tablet_tool_get_y(tool);
    if (libinput_event_get_type(event) == LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY) {
        int in = libinput_event_tablet_tool_get_proximity_state(tool) == LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_IN;
        printf("%s %s %llu %.3f %.3f %.3f\n", in ? "PROXIMITY_IN" : "PROXIMITY_OUT", node(event), time, x, y,
               libinput_event_tablet_tool_get_tilt_x(tool));
    } else {
        int down = libinput_event_tablet_tool_get_tip_state(tool) == LIBINPUT_TABLET_TOOL_TIP_DOWN;
        printf("%s %s %llu %.3f %.3f\n", down ? "TIP_DOWN" : "TIP_UP", node(event), time, x, y);
    }
}

static void drain(struct libinput *li) {
    struct libinput_event *event;
    libinput_dispatch(li);
    while ((event = libinput_get_event(li))) {
        switch (libinput_event_get_type(event)) {
        case LIBINPUT_EVENT_DEVICE_ADDED: print_added(event); break;
        case LIBINPUT_EVENT_TOUCH_DOWN: print_touch(event, "TOUCH_DOWN"); break;
        case LIBINPUT_EVENT_TOUCH_MOTION: print_touch(event, "TOUCH_MOTION"); break;
        case LIBINPUT_EVENT_TOUCH_UP: print_touch(event, "TOUCH_UP"); break;
        case LIBINPUT_EVENT_TOUCH_CANCEL: print_touch(event, "TOUCH_CANCEL"); break;
        case LIBINPUT_EVENT_TOUCH_FRAME: print_touch(event, "TOUCH_FRAME"); break;
        case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
        case LIBINPUT_EVENT_TABLET_TOOL_TIP: print_tool(event); break;
        default: break;
        }
        libinput_event_destroy(event);
    }
    fflush(stdout);
}

static volatile sig_atomic_t interrupt_requested;
static void interrupted(int signal_number) {
    (void)signal_number;
    interrupt_requested = 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s SECONDS /dev/input/eventN...\n", argv[0]);
        return 2;
    }
    double seconds = atof(argv[1]);
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    if (!li) {
        fprintf(stderr, "libinput-touch-events: no libinput context\n");
        return 1;
    }
    libinput_log_set_handler(li, log_handler);
    libinput_log_set_priority(li, LIBINPUT_LOG_PRIORITY_DEBUG);
    for (int i = 2; i < argc; i++) {
        if (!libinput_path_add_device(li, argv[i])) {
            fprintf(stderr, "libinput-touch-events: libinput refused %s\n", argv[i]);
            return 1;
        }
    }
    fprintf(stderr, "libinput-touch-events: reading at CLOCK_MONOTONIC %lld\n", (long long)(now_seconds() * 1e6));
    double end = now_seconds() + seconds;
    struct pollfd ready = { .fd = libinput_get_fd(li), .events = POLLIN };
    /* Ctrl-C (quillmock's QUILL_MOCK_STOP_AFTER once the stream is over) ends the run as its time does. */
    signal(SIGINT, interrupted);
    drain(li);
    for (double left; !interrupt_requested && (left = end - now_seconds()) > 0;) {
        poll(&ready, 1, (int)(left * 1000) + 1);
        drain(li);
    }
    libinput_unref(li);
    return 0;
}
