/*
 * quillmock.so — closes umockdev 0.17's two gaps for libinput (see README, "Testing without hardware").
 *
 * Loaded with LD_PRELOAD *before* umockdev's own preload library, inside `umockdev-run`:
 *  1. stat/fstat on the mocked node report a character device with the mocked device number
 *     (QUILL_MOCK_NODE, e.g. /dev/input/event13, and QUILL_MOCK_RDEV, e.g. 13:77), so libinput's
 *     udev lookup by device number and its fstat check agree.
 *  2. libudev's database (/run/udev/data/…) is read from inside the umockdev sandbox
 *     ($UMOCKDEV_DIR/run/udev/data/…), where the test writes the device's entry, so libinput sees
 *     the device as initialized.
 *     Several nodes: QUILL_MOCK_NODE and QUILL_MOCK_RDEV may each list several, separated by
 *     spaces, in the same order (e.g. "/dev/input/event13 /dev/input/event14" and
 *     "13:77 13:78"): every listed node gets 1, 6 and 7 below; the knobs 3, 4 and 5 (deny,
 *     unplug, replug) concern the first node only.
 * Two more knobs let tests play what a real tablet does to a reader:
 *  3. QUILL_MOCK_DENY=1: opening the mocked node fails with EACCES (no permission on /dev/input).
 *  4. QUILL_MOCK_UNPLUG_AFTER=N: after N input events have been read from the node, reads fail
 *     with ENODEV and opening it fails with ENOENT, as when the tablet is unplugged.
 *  5. QUILL_MOCK_REPLUG_AFTER=S: S seconds after that first failed read the tablet is plugged
 *     back in: the node opens again, what the tablet sent meanwhile is lost (drained at the
 *     open, to the end of a frame), its axes report their current values (EVIOCGABS, as the
 *     kernel's), and reads pass through from then on.
 *  6. QUILL_MOCK_HEADROOM=S: the stream's event times are kept at least S seconds ahead of the
 *     moment they are read. The test stamps events ahead of the time umockdev plays them, so a
 *     proximity timer running from an event's time (libinput's 50 ms, Quill's raw path) expires
 *     as on a real tablet, only later; when umockdev-run starts the stream late (a loaded
 *     machine), the stamps would be in the past and the timer would expire between every two
 *     frames. At the first read of the node one shift is chosen for the whole run — every event
 *     of every mocked fd moves by it, so times stay exact relative to each other — and said on
 *     standard error ("quillmock: event times moved N µs later"), so the test can rebase.
 *  7. Whole events: a read of the node returns whole input_events, as a kernel node does.
 *     umockdev's node is a pty, whose line discipline holds 4096 bytes — not a multiple of an
 *     event — so a reader that falls behind gets part of an event (libevdev: EINVAL; libinput
 *     then silently stops reading the device). The rest follows at once (the pty loses nothing:
 *     checked with a 14 KiB pile, every byte in order); it is read here. Every cut read is said
 *     on standard error ("quillmock: a read of the node was cut inside an event …") and the
 *     test harness runs such a run again, so a cut never decides a test. QUILL_MOCK_WHOLE_EVENTS=0
 *     leaves cut reads as they come.
 *  8. EVIOCGRAB on a mocked node is answered here as the kernel answers it (one fd holds the grab;
 *     another gets EBUSY; EVIOCGRAB 0 or closing the fd releases it), and said on standard error
 *     ("quillmock: EVIOCGRAB 1 on mocked node 1", "… released by close"), so a test sees that a
 *     program let its tablet go.
 *  9. QUILL_MOCK_STOP_AFTER="N S": once N input events have been read from the mocked nodes, all
 *     together (the whole stream the test plays), the program gets SIGINT S seconds later — as a person
 *     presses Ctrl-C when the pen is put down — so a run ends with its stream instead of waiting
 *     out a `--duration` long enough for a loaded machine. S covers what still comes after the
 *     last event (libinput's 50 ms proximity timer, a double tap's deadline). Said on standard
 *     error ("quillmock: the stream's N events were read; SIGINT in S s").
 * 10. QUILL_MOCK_READY_FILE=PATH: PATH is created when the program first reads a mocked node (the
 *     harness's wake-up event), so quillpace.so can start the stream then instead of after a
 *     fixed pause. QUILL_MOCK_STREAM_FROM=µs: the stamp of the stream's first event; knob 6 then
 *     chooses its shift at the first read of an event stamped from there on — earlier as well as
 *     later, so the stream is read exactly the headroom ahead of its stamps however early it
 *     began — and leaves the wake-up before it as stamped.
 * Everything else passes through to the next library (umockdev's preload, then libc).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <linux/input.h>
#include <poll.h>

#define UDEV_DATA "/run/udev/data/"
#define MAX_FDS 1024

static char mocked_fds[MAX_FDS];  /* 0: not a mocked node; else its place in QUILL_MOCK_NODE, from 1 */
static long events_read;  /* input events read from the first mocked node, all fds */
static long stream_events_read;  /* input events read from every mocked node (knob 9) */
#define EVENT_SIZE 24     /* struct input_event on 64-bit Linux */

static long unplug_after(void) {
    const char *text = getenv("QUILL_MOCK_UNPLUG_AFTER");
    return text ? atol(text) : -1;
}

static double unplugged_at = -1;  /* CLOCK_MONOTONIC seconds of the first failed read */
static int replugged;              /* plugged back in: everything passes through */
static int drain_at_open;          /* the next open of the node drops what is pending */

/* The node's axes as its events set them (the kernel's state): a node opened again reports them
 * in EVIOCGABS, as a kernel node does, where umockdev's recorded ioctls would say 0. */
static int abs_value[ABS_CNT];
static char abs_known[ABS_CNT];
static unsigned char carry[sizeof(struct input_event)];
static size_t carried;

static void note_stream(const void *bytes, size_t size) {
    const unsigned char *p = bytes;
    while (size > 0) {
        size_t take = sizeof carry - carried < size ? sizeof carry - carried : size;
        memcpy(carry + carried, p, take);
        carried += take;
        p += take;
        size -= take;
        if (carried == sizeof carry) {
            struct input_event event;
            memcpy(&event, carry, sizeof event);
            if (event.type == EV_ABS && event.code < ABS_CNT) {
                abs_value[event.code] = event.value;
                abs_known[event.code] = 1;
            }
            carried = 0;
        }
    }
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int is_unplugged(void) {
    if (replugged) return 0;
    long limit = unplug_after();
    if (!(limit >= 0 && events_read >= limit)) return 0;
    const char *replug = getenv("QUILL_MOCK_REPLUG_AFTER");
    if (replug && unplugged_at >= 0 && now_seconds() - unplugged_at >= atof(replug)) {
        replugged = 1;
        drain_at_open = 1;
        return 0;
    }
    return 1;
}

/* The index-th (from 1) space-separated word of the variable `name` into buffer, or NULL. */
static const char *listed(const char *name, int index, char *buffer, size_t size) {
    const char *text = getenv(name);
    for (int i = 1; text && *text; i++) {
        while (*text == ' ') text++;
        size_t length = strcspn(text, " ");
        if (length == 0) break;
        if (i == index) {
            if (length >= size) return NULL;
            memcpy(buffer, text, length);
            buffer[length] = '\0';
            return buffer;
        }
        text += length;
    }
    return NULL;
}

/* The device number of the index-th (from 1) mocked node, from QUILL_MOCK_RDEV. */
static int mocked_rdev(int index, dev_t *rdev) {
    char word[64];
    const char *text = listed("QUILL_MOCK_RDEV", index, word, sizeof word);
    unsigned major_number, minor_number;
    if (!text || sscanf(text, "%u:%u", &major_number, &minor_number) != 2) return 0;
    *rdev = makedev(major_number, minor_number);
    return 1;
}

/* The place (from 1) of path among the mocked nodes (QUILL_MOCK_NODE), or 0. */
static int is_mocked_node(const char *path) {
    char word[4096];
    const char *node;
    if (!path) return 0;
    for (int i = 1; (node = listed("QUILL_MOCK_NODE", i, word, sizeof word)); i++)
        if (strcmp(path, node) == 0) return i;
    return 0;
}

/* Non-zero (with errno set) when opening the (first) mocked node must fail: denied or unplugged. */
static int refuses_open(const char *path) {
    if (is_mocked_node(path) != 1) return 0;
    const char *deny = getenv("QUILL_MOCK_DENY");
    if (deny && strcmp(deny, "1") == 0) { errno = EACCES; return 1; }
    if (is_unplugged()) { errno = ENOENT; return 1; }
    return 0;
}

/* Remembers whether fd is the mocked node (for fstat); returns fd. */
/* libc's read (through umockdev's preload) for the helpers below; read() keeps its own in NEXT(read). */
static ssize_t (*plain_read)(int, void *, size_t);

static int track(int fd, const char *path) {
    if (fd >= 0 && fd < MAX_FDS) mocked_fds[fd] = is_mocked_node(path);
    /* umockdev's mocked node is a pty: its line discipline must pass every byte through (flow
     * control would swallow event bytes 0x11/0x13), as a kernel evdev node does. The raw ioctl
     * goes past umockdev's ioctl emulation; on a non-tty it fails harmlessly. */
    if (fd >= 0 && path && strncmp(path, "/dev/input/event", 16) == 0) {
        struct termios mode;
        if (syscall(SYS_ioctl, fd, TCGETS, &mode) == 0) {
            cfmakeraw(&mode);
            syscall(SYS_ioctl, fd, TCSETS, &mode);
        }
    }
    if (fd >= 0 && drain_at_open && is_mocked_node(path) == 1) {
        /* Plugged back in: the events sent while it was away are gone, as on a real tablet. */
        drain_at_open = 0;
        if (!plain_read) plain_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
        int flags = fcntl(fd, F_GETFL);
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
        char sink[170 * sizeof(struct input_event)];
        size_t drained = 0, last_chunk = 0;
        ssize_t count;
        carried = 0;
        while ((count = plain_read(fd, sink, sizeof sink)) > 0) {
            drained += (size_t)count;
            last_chunk = (size_t)count;
            note_stream(sink, (size_t)count);
        }
        fcntl(fd, F_SETFL, flags);
        /* The pty's buffer (4 KiB) fills while the tablet is away, so umockdev's write of an
         * event may be cut and what was drained end inside an event: the rest of that event is
         * read too (it follows at once), or every later read would be misaligned (libevdev:
         * EINVAL). */
        size_t rest = drained % sizeof(struct input_event);
        size_t missing = rest ? sizeof(struct input_event) - rest : 0;
        while (missing > 0 && (count = plain_read(fd, sink, missing)) > 0) {
            missing -= (size_t)count;
            note_stream(sink, (size_t)count);
        }
        /* And the kernel hands a newly opened reader whole frames only (the input core passes a
         * frame at once): unless what was drained ended with a SYN_REPORT, read on, an event at a
         * time, to the end of the frame the drain cut — else the first frame read would be its
         * tail (an X without its Y: a sample the tablet never sent; seen under load). */
        struct input_event last;
        int frame_ended = 0;
        if (rest == 0 && last_chunk >= sizeof last) {
            memcpy(&last, sink + last_chunk - sizeof last, sizeof last);
            frame_ended = last.type == EV_SYN && last.code == SYN_REPORT;
        }
        for (int events = 0; !frame_ended && events < 64; events++) {
            struct pollfd ready = { .fd = fd, .events = POLLIN };
            if (poll(&ready, 1, 1000) <= 0) break;
            size_t got = 0;
            while (got < sizeof last) {
                ssize_t more = plain_read(fd, (char *)&last + got, sizeof last - got);
                if (more <= 0) break;
                got += (size_t)more;
            }
            if (got < sizeof last) break;
            note_stream(&last, sizeof last);
            frame_ended = last.type == EV_SYN && last.code == SYN_REPORT;
        }
    }
    return fd;
}

/* /run/udev/data/X → $UMOCKDEV_DIR/run/udev/data/X (into buffer), or the path itself. */
static const char *redirect(const char *path, char *buffer, size_t size) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root && path && strncmp(path, UDEV_DATA, strlen(UDEV_DATA)) == 0) {
        snprintf(buffer, size, "%s%s", root, path);
        return buffer;
    }
    return path;
}

static void fix_stat(struct stat *st, int index) {
    dev_t rdev;
    if (mocked_rdev(index, &rdev)) {
        st->st_rdev = rdev;
        st->st_mode = (st->st_mode & ~S_IFMT) | S_IFCHR;
    }
}

#define NEXT(name) static __typeof__(name) *next_##name; if (!next_##name) next_##name = dlsym(RTLD_NEXT, #name)

int open(const char *path, int flags, ...) {
    NEXT(open);
    char buffer[4096];
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    if (refuses_open(path)) return -1;
    return track(next_open(redirect(path, buffer, sizeof buffer), flags, mode), path);
}

int open64(const char *path, int flags, ...) {
    NEXT(open64);
    char buffer[4096];
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    if (refuses_open(path)) return -1;
    return track(next_open64(redirect(path, buffer, sizeof buffer), flags, mode), path);
}

int openat(int dirfd, const char *path, int flags, ...) {
    NEXT(openat);
    char buffer[4096];
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    if (refuses_open(path)) return -1;
    return track(next_openat(dirfd, redirect(path, buffer, sizeof buffer), flags, mode), path);
}

/* _FORTIFY_SOURCE builds (libinput's own tools) call these instead of open/open64. */
int __open_2(const char *path, int flags) {
    NEXT(__open_2);
    char buffer[4096];
    if (refuses_open(path)) return -1;
    return track(next___open_2(redirect(path, buffer, sizeof buffer), flags), path);
}

int __open64_2(const char *path, int flags) {
    NEXT(__open64_2);
    char buffer[4096];
    if (refuses_open(path)) return -1;
    return track(next___open64_2(redirect(path, buffer, sizeof buffer), flags), path);
}

FILE *fopen(const char *path, const char *mode) {
    NEXT(fopen);
    char buffer[4096];
    return next_fopen(redirect(path, buffer, sizeof buffer), mode);
}

FILE *fopen64(const char *path, const char *mode) {
    NEXT(fopen64);
    char buffer[4096];
    return next_fopen64(redirect(path, buffer, sizeof buffer), mode);
}

/* The grab of each mocked node (8 below): the fd holding it, or -1. */
static int grabbed_by[16] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

int close(int fd) {
    NEXT(close);
    if (fd >= 0 && fd < MAX_FDS) {
        int node = mocked_fds[fd];
        if (node > 0 && node <= 16 && grabbed_by[node - 1] == fd) {
            grabbed_by[node - 1] = -1;
            fprintf(stderr, "quillmock: grab of mocked node %d released by close\n", node);
        }
        mocked_fds[fd] = 0;
    }
    return next_close(fd);
}

int stat(const char *path, struct stat *st) {
    NEXT(stat);
    int result = next_stat(path, st);
    if (result == 0 && is_mocked_node(path)) fix_stat(st, is_mocked_node(path));
    return result;
}

int stat64(const char *path, struct stat64 *st) {
    NEXT(stat64);
    int result = next_stat64(path, st);
    if (result == 0 && is_mocked_node(path)) fix_stat((struct stat *)st, is_mocked_node(path));
    return result;
}

int fstat(int fd, struct stat *st) {
    NEXT(fstat);
    int result = next_fstat(fd, st);
    if (result == 0 && fd >= 0 && fd < MAX_FDS && mocked_fds[fd]) fix_stat(st, mocked_fds[fd]);
    return result;
}

int fstat64(int fd, struct stat64 *st) {
    NEXT(fstat64);
    int result = next_fstat64(fd, st);
    if (result == 0 && fd >= 0 && fd < MAX_FDS && mocked_fds[fd]) fix_stat((struct stat *)st, mocked_fds[fd]);
    return result;
}

/* fstatat(fd, "", AT_EMPTY_PATH) is fstat; fstatat(dirfd, node) is stat: the node's place, or 0. */
static int fstatat_is_mocked(int dirfd, const char *path, int flags) {
    if (path && path[0] == '\0' && (flags & AT_EMPTY_PATH)) return dirfd >= 0 && dirfd < MAX_FDS ? mocked_fds[dirfd] : 0;
    return is_mocked_node(path);
}

int fstatat(int dirfd, const char *path, struct stat *st, int flags) {
    NEXT(fstatat);
    int result = next_fstatat(dirfd, path, st, flags);
    if (result == 0 && fstatat_is_mocked(dirfd, path, flags)) fix_stat(st, fstatat_is_mocked(dirfd, path, flags));
    return result;
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags) {
    NEXT(fstatat64);
    int result = next_fstatat64(dirfd, path, st, flags);
    if (result == 0 && fstatat_is_mocked(dirfd, path, flags)) fix_stat((struct stat *)st, fstatat_is_mocked(dirfd, path, flags));
    return result;
}

static int shift_decided;
static long long shift_us;  /* added to every event time read from the mocked node */
static long long headroom_wanted_us;  /* QUILL_MOCK_HEADROOM in µs; 0 when not set */
static long long least_headroom_us;   /* the least by which an event read was stamped ahead of now */
static long headroom_reads;

/* Says how far ahead of their reading the events stayed when it fell below half the headroom
 * wanted (a stream that fell behind its stamps: the harness's pacing failed), or always with
 * QUILL_MOCK_SAY_HEADROOM=1. */
__attribute__((destructor)) static void say_headroom(void) {
    if (headroom_reads == 0) return;
    const char *say = getenv("QUILL_MOCK_SAY_HEADROOM");
    if ((say && strcmp(say, "1") == 0) || least_headroom_us < headroom_wanted_us / 2)
        fprintf(stderr, "quillmock: least headroom %lld µs over %ld reads (wanted %lld µs)\n", least_headroom_us, headroom_reads, headroom_wanted_us);
}

/* Moves the events in buffer by the run's shift, choosing it at the first read of the stream (knobs 6, 10). */
static void shift_times(void *buffer, ssize_t bytes) {
    if (bytes < (ssize_t)sizeof(struct input_event)) return;
    struct input_event *events = buffer;
    size_t n = (size_t)bytes / sizeof(struct input_event);
    size_t first = 0;  /* the first event to move: those before the stream's first keep their stamps */
    if (!shift_decided) {
        const char *text = getenv("QUILL_MOCK_HEADROOM");
        if (!text) {
            shift_decided = 1;
            return;
        }
        const char *from_text = getenv("QUILL_MOCK_STREAM_FROM");
        long long from = from_text ? atoll(from_text) : 0;
        while (first < n && (long long)events[first].input_event_sec * 1000000LL + events[first].input_event_usec < from) first++;
        if (first == n) return;  /* only the wake-up so far */
        shift_decided = 1;
        headroom_wanted_us = (long long)(atof(text) * 1e6);
        long long stamp = (long long)events[first].input_event_sec * 1000000LL + events[first].input_event_usec;
        long long wanted = (long long)(now_seconds() * 1e6) + headroom_wanted_us;
        if (wanted > stamp || from_text) {
            shift_us = wanted - stamp;
            fprintf(stderr, "quillmock: event times moved %lld µs later (%s)\n", shift_us,
                    shift_us >= 0 ? "umockdev started the stream late" : "the stream began as soon as the program read its node");
        }
    }
    if (headroom_wanted_us > 0) {
        long long ahead = (long long)events[first].input_event_sec * 1000000LL + events[first].input_event_usec + shift_us
            - (long long)(now_seconds() * 1e6);
        if (headroom_reads == 0 || ahead < least_headroom_us) least_headroom_us = ahead;
        headroom_reads++;
    }
    if (shift_us == 0) return;
    for (size_t i = first; i < n; i++) {
        long long t = (long long)events[i].input_event_sec * 1000000LL + events[i].input_event_usec + shift_us;
        events[i].input_event_sec = t / 1000000LL;
        events[i].input_event_usec = t % 1000000LL;
    }
}

/* A kernel evdev node hands out whole input_events only; umockdev's pty may cut one (see 7.
 * above). The rest is read here, waiting up to a second; the cut is said on standard error either
 * way, so the harness can run the run again. */
static ssize_t whole_events(int fd, void *buffer, size_t count, ssize_t result) {
    if (result <= 0 || result % EVENT_SIZE == 0) return result;
    static int enabled = -1;
    if (enabled < 0) {
        const char *text = getenv("QUILL_MOCK_WHOLE_EVENTS");
        enabled = !(text && strcmp(text, "0") == 0);
    }
    ssize_t cut = result;
    if (enabled) {
        /* libc's read for the helpers (read() itself has its own NEXT(read), a static local). */
        if (!plain_read) plain_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
        size_t missing = EVENT_SIZE - (size_t)result % EVENT_SIZE;
        if ((size_t)result + missing <= count) {
            char *end = (char *)buffer + result;
            while (missing > 0) {
                struct pollfd ready = { .fd = fd, .events = POLLIN };
                if (poll(&ready, 1, 1000) <= 0) break;
                ssize_t more = plain_read(fd, end, missing);
                if (more <= 0) {
                    if (more < 0 && (errno == EAGAIN || errno == EINTR)) continue;
                    break;
                }
                end += more;
                missing -= (size_t)more;
                result += more;
            }
        }
    }
    fprintf(stderr, "quillmock: a read of the node was cut inside an event (%zd bytes; %s)\n", cut,
            result % EVENT_SIZE == 0 ? "completed" : "left cut");
    return result;
}

/* Knob 9: SIGINT to the program a while after the stream's last event was read. */
static void *interrupt_later(void *seconds) {
    double s = *(double *)seconds;
    struct timespec pause = { .tv_sec = (time_t)s, .tv_nsec = (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {}
    kill(getpid(), SIGINT);
    return NULL;
}

static void stop_after_stream(void) {
    static int armed;
    static double grace;
    if (armed) return;
    const char *text = getenv("QUILL_MOCK_STOP_AFTER");
    long wanted;
    if (!text || sscanf(text, "%ld %lf", &wanted, &grace) != 2 || stream_events_read < wanted) return;
    armed = 1;
    fprintf(stderr, "quillmock: the stream's %ld events were read; SIGINT in %g s\n", wanted, grace);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, interrupt_later, &grace) != 0)
        fprintf(stderr, "quillmock: no thread for QUILL_MOCK_STOP_AFTER: the run waits out its duration\n");
    pthread_attr_destroy(&attributes);
}

/* Knob 10: says the program reads its nodes (once; raw system calls, past every preload). */
static void say_ready(void) {
    static int said;
    if (said) return;
    said = 1;
    const char *path = getenv("QUILL_MOCK_READY_FILE");
    if (!path || !*path) return;
    long fd = syscall(SYS_openat, AT_FDCWD, path, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) syscall(SYS_close, fd);
    else fprintf(stderr, "quillmock: cannot create %s: %s\n", path, strerror(errno));
}

/* Reads from the first mocked node count events; past QUILL_MOCK_UNPLUG_AFTER the device is gone. */
ssize_t read(int fd, void *buffer, size_t count) {
    NEXT(read);
    int mocked = fd >= 0 && fd < MAX_FDS ? mocked_fds[fd] : 0;
    if (mocked) say_ready();
    if (mocked != 1 || unplug_after() < 0 || replugged) {
        ssize_t result = next_read(fd, buffer, count);
        if (mocked) result = whole_events(fd, buffer, count, result);
        if (mocked && result > 0) shift_times(buffer, result);
        if (mocked == 1 && result > 0) {
            events_read += result / EVENT_SIZE;
            note_stream(buffer, (size_t)result);
        }
        if (mocked && result > 0) {
            stream_events_read += result / EVENT_SIZE;
            stop_after_stream();
        }
        return result;
    }
    long left = unplug_after() - events_read;
    if (left <= 0) {
        if (unplugged_at < 0) unplugged_at = now_seconds();
        errno = ENODEV;
        return -1;
    }
    if (count > (size_t)left * EVENT_SIZE) count = (size_t)left * EVENT_SIZE;
    ssize_t result = whole_events(fd, buffer, count, next_read(fd, buffer, count));
    if (result > 0) {
        events_read += result / EVENT_SIZE;
        stream_events_read += result / EVENT_SIZE;
        shift_times(buffer, result);
        note_stream(buffer, (size_t)result);
        stop_after_stream();
    }
    return result;
}

/* A node opened again after a replug reports its axes' current values, as the kernel does
 * (libevdev reads them at open: a frame that moves only X keeps the last Y). */
int ioctl(int fd, unsigned long request, ...) {
    NEXT(ioctl);
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    if (request == EVIOCGRAB && fd >= 0 && fd < MAX_FDS && mocked_fds[fd] > 0 && mocked_fds[fd] <= 16) {
        /* 8. The kernel's grab: one fd at a time (EBUSY for another), released by EVIOCGRAB 0 or
         * close; umockdev's recorded ioctls know nothing of it. Said on standard error. */
        int *holder = &grabbed_by[mocked_fds[fd] - 1];
        if (argument) {
            if (*holder >= 0) { errno = EBUSY; return -1; }  /* the kernel: EBUSY for the holder too */
            *holder = fd;
        } else {
            if (*holder != fd) { errno = EINVAL; return -1; }
            *holder = -1;
        }
        fprintf(stderr, "quillmock: EVIOCGRAB %d on mocked node %d\n", argument ? 1 : 0, mocked_fds[fd]);
        return 0;
    }
    int result = next_ioctl(fd, request, argument);
    int mocked = fd >= 0 && fd < MAX_FDS && mocked_fds[fd] == 1;
    if (result >= 0 && mocked && replugged && _IOC_TYPE(request) == 'E' && _IOC_NR(request) >= 0x40 && _IOC_NR(request) < 0x40 + ABS_CNT
        && _IOC_DIR(request) == _IOC_READ && _IOC_SIZE(request) >= sizeof(struct input_absinfo)) {
        unsigned code = _IOC_NR(request) - 0x40;
        if (abs_known[code] && argument) ((struct input_absinfo *)argument)->value = abs_value[code];
    }
    return result;
}
