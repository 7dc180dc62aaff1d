/*
 * uinputshim.so — stands in for /dev/uinput on a machine that has none (the companion of
 * quillmock.so; see QuillDevices.docc/LiveTablets.md, "Testing without hardware"), and records
 * what the kernel's uinput would have created, as evemu 1.3 recordings, so a test can check what
 * a program (`quill service`) sent through libevdev's uinput API
 * (libevdev_uinput_create_from_device, libevdev_uinput_write_event, libevdev_uinput_destroy).
 *
 * Loaded with LD_PRELOAD (inside `umockdev-run`, *before* umockdev's own preload library):
 *  1. Opening /dev/uinput (open, open64, openat, openat64, __open_2, __open64_2, __openat_2,
 *     __openat64_2) gives a real fd that stands for it — an eventfd, with the caller's O_CLOEXEC
 *     and O_NONBLOCK, which never becomes readable, as a uinput fd without force-feedback
 *     requests — remembered in a table (fds below 1024). access and the stat family see
 *     /dev/uinput as the kernel's character device 10:223.
 *  2. The ioctls on such an fd act as the kernel's uinput (drivers/input/misc/uinput.c) does:
 *     UI_GET_VERSION (5), UI_SET_EVBIT … UI_SET_PROPBIT, UI_SET_PHYS (ignored), UI_ABS_SETUP,
 *     UI_DEV_SETUP, UI_DEV_CREATE, UI_DEV_DESTROY, UI_GET_SYSNAME ("input90", "input91", … one
 *     per device the process created), with the kernel's checks (no setup after creation, a
 *     name before UI_DEV_CREATE, axis ranges, ff_effects_max with EV_FF); anything else fails
 *     with EINVAL (FIOCLEX, FIONCLEX, FIONBIO, FIOASYNC act on the stand-in fd). The legacy
 *     write of a struct uinput_user_dev before UI_DEV_CREATE is accepted too. Since
 *     UI_GET_SYSNAME answers, libevdev creates the device without looking in sysfs (its node
 *     stays unknown: libevdev_uinput_get_devnode returns NULL).
 *  3. A write on a created device is one or more struct input_events, each recorded with the
 *     time of the write on CLOCK_MONOTONIC (the clock libinput reads nodes with); it returns the
 *     bytes taken, as the kernel does. Closing the fd destroys a device not destroyed yet.
 *  4. QUILL_UINPUT_CAPTURE=DIR: the Nth device the process creates (N = 0, 1, …) is recorded in
 *     DIR/uinput-PID-N.events, an evemu 1.3 recording as evemu-record writes it: the device
 *     (N:, I:, P:, B:, A: lines, the kernel's view of it: EV_SYN always, no KEY_RESERVED, no
 *     codes of a type not enabled) at UI_DEV_CREATE, then one line per event,
 *     "E: sec.usec TYPE CODE VALUE" (type and code in 4-digit hex, the value in plain decimal as
 *     EvemuWriter writes it, the raw CLOCK_MONOTONIC time: the test rebases it), each written with write(2) as it comes, so a process killed with
 *     SIGKILL leaves every event it sent. An event of a type or code the device does not have
 *     (the kernel drops it) gets the comment "# not enabled on the device: the kernel drops
 *     it". At destroy the last line is "# quill-uinput: destroyed"; when the fd was closed (or
 *   the process exited normally) with the device still created, as the kernel then destroys it,
 *   a comment before it says so ("# quill-uinput: the fd was closed with the device created",
 *   "# quill-uinput: the process exited with the device created"). A process killed by a
 *   signal leaves no such line. A forked child closing its copy of the fd destroys nothing.
 *     Without QUILL_UINPUT_CAPTURE everything is answered the same, but no file is written.
 *     Standard error gets one line per device created and destroyed:
 *       quill-uinput: created input90 'NAME' (DIR/uinput-PID-0.events)
 *       quill-uinput: destroyed input90 'NAME' after K events
 * Two knobs play what goes wrong on a real machine:
 *  5. QUILL_UINPUT_DENY=1: opening /dev/uinput fails with EACCES (no udev rule giving access).
 *  6. QUILL_UINPUT_FAIL_CREATE=1: UI_DEV_CREATE fails with EINVAL.
 * Known limits: an fd copied with dup/dup2/fcntl(F_DUPFD) is not a uinput fd; the kernel's own
 * filtering (repeated values, fuzz) is not played: the recording holds what the program sent;
 * the kernel stamps a frame's events with the time of its SYN_REPORT, here each event has the
 * time of its own write. The recordings are written with raw system calls, past umockdev.
 * Everything else passes through to the next library (umockdev's preload, then libc).
 */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <linux/input.h>
#include <linux/uinput.h>

#define UINPUT_PATH "/dev/uinput"
#define UINPUT_MAJOR 10        /* misc */
#define UINPUT_MINOR 223
#define MAX_FDS 1024
#define FIRST_SYSNAME 90       /* input90, input91, … */
#define EVENT_SIZE sizeof(struct input_event)

enum state { STATE_NEW, STATE_SETUP, STATE_CREATED };  /* the kernel's UIST_* */

struct uinput {
    enum state state;
    int writable;                             /* opened O_WRONLY or O_RDWR */
    unsigned char types[EV_CNT / 8];          /* UI_SET_EVBIT */
    unsigned char codes[EV_CNT][KEY_CNT / 8]; /* UI_SET_KEYBIT … by type */
    unsigned char props[INPUT_PROP_CNT / 8];
    struct input_absinfo abs[ABS_CNT];
    struct input_id id;
    char name[UINPUT_MAX_NAME_SIZE + 1];
    unsigned ff_effects_max;
    int number;                               /* input<number>, once created */
    pid_t owner;                              /* the process that created it */
    int capture;                              /* fd of the recording, or -1 */
    char capture_path[4096];
    long events;
};

static struct uinput *devices[MAX_FDS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int created;  /* devices created by this process: N of uinput-PID-N.events */

#define NEXT(name, type) static __typeof__(type) next_##name; if (!next_##name) next_##name = (__typeof__(type))dlsym(RTLD_NEXT, #name)

static int knob(const char *name) {
    const char *value = getenv(name);
    return value && strcmp(value, "1") == 0;
}

/* The largest code of a type, as libevdev and evemu know it; -1 for a type without codes. */
static int type_max(unsigned type) {
    switch (type) {
    case EV_SYN: return SYN_MAX;
    case EV_KEY: return KEY_MAX;
    case EV_REL: return REL_MAX;
    case EV_ABS: return ABS_MAX;
    case EV_MSC: return MSC_MAX;
    case EV_SW: return SW_MAX;
    case EV_LED: return LED_MAX;
    case EV_SND: return SND_MAX;
    case EV_REP: return REP_MAX;
    case EV_FF: return FF_MAX;
    default: return -1;
    }
}

static int has(const unsigned char *bits, unsigned bit) { return (bits[bit / 8] >> (bit % 8)) & 1; }
static void set(unsigned char *bits, unsigned bit) { bits[bit / 8] |= (unsigned char)(1u << (bit % 8)); }

/* Whole buffer to fd with the raw system call (past umockdev and this file's write). */
static void put(int fd, const char *text, size_t length) {
    while (length > 0) {
        long done = syscall(SYS_write, fd, text, length);
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) return;
        text += done;
        length -= (size_t)done;
    }
}

/* One line on standard error. */
static void say(const char *format, ...) {
    char line[1024];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    if (length < 0) return;
    if ((size_t)length > sizeof line - 2) length = sizeof line - 2;
    line[length++] = '\n';
    put(2, line, (size_t)length);
}

/* Text gathered for one write(2) of a recording. */
struct text { int fd; size_t length; char data[8192]; };

static void flush(struct text *text) {
    if (text->fd >= 0 && text->length > 0) put(text->fd, text->data, text->length);
    text->length = 0;
}

static void add(struct text *text, const char *format, ...) {
    if (sizeof text->data - text->length < 512) flush(text);
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(text->data + text->length, sizeof text->data - text->length, format, arguments);
    va_end(arguments);
    if (length < 0) return;
    text->length += (size_t)length < sizeof text->data - text->length ? (size_t)length : sizeof text->data - text->length - 1;
}

/* What the device has once the input core registered it: EV_SYN always, no KEY_RESERVED, and no
 * code of a type that is not enabled (input_register_device, input_cleanse_bitmasks). */
static int device_has_type(const struct uinput *device, unsigned type) {
    return type == EV_SYN || (type < EV_CNT && has(device->types, type));
}

static int device_has(const struct uinput *device, unsigned type, unsigned code) {
    if (!device_has_type(device, type)) return 0;
    if (type == EV_SYN) return code <= SYN_MT_REPORT;  /* what the input core passes on */
    if (type == EV_KEY && code == KEY_RESERVED) return 0;
    if (type == EV_REP) return code <= REP_MAX;          /* the core fills in delay and period */
    int max = type_max(type);
    return max >= 0 && code <= (unsigned)max && has(device->codes[type], code);
}

/* The device's name for a line of the recording: one line, whatever the program gave. */
static void printable_name(const struct uinput *device, char *name) {
    size_t i;
    for (i = 0; device->name[i] && i < UINPUT_MAX_NAME_SIZE; i++)
        name[i] = device->name[i] == '\n' || device->name[i] == '\r' ? ' ' : device->name[i];
    name[i] = '\0';
}

/* The evemu description (evemu 2.7 src/evemu.c, evemu_write): N:, I:, P:, then B: for EV_SYN
 * (always "0b", as evemu writes it) and for every type with codes, 8 bytes a line, then A:. */
static void write_description(const struct uinput *device, struct text *text) {
    char name[UINPUT_MAX_NAME_SIZE + 1];
    printable_name(device, name);
    add(text, "# EVEMU 1.3\n");
    add(text, "# quill-uinput: input%d, created by pid %d through /dev/uinput (uinputshim.so)\n", device->number, (int)getpid());
    add(text, "# Input device name: \"%s\"\n", name);
    add(text, "# Input device ID: bus %#04x vendor %#04x product %#04x version %#04x\n",
        device->id.bustype, device->id.vendor, device->id.product, device->id.version);
    add(text, "N: %s\n", name);
    add(text, "I: %04x %04x %04x %04x\n", device->id.bustype, device->id.vendor, device->id.product, device->id.version);
    unsigned char props[8] = {0};
    memcpy(props, device->props, sizeof device->props);
    add(text, "P: %02x %02x %02x %02x %02x %02x %02x %02x\n",
        props[0], props[1], props[2], props[3], props[4], props[5], props[6], props[7]);
    add(text, "B: 00 0b 00 00 00 00 00 00 00\n");
    for (unsigned type = 1; type < EV_CNT; type++) {
        int max = type_max(type);
        if (max < 0) continue;
        unsigned char mask[KEY_CNT / 8 + 8] = {0};
        for (unsigned code = 0; code <= (unsigned)max; code++)
            if (device_has(device, type, code)) set(mask, code);
        for (int i = 0; i < (max + 1 + 7) / 8; i += 8)
            add(text, "B: %02x %02x %02x %02x %02x %02x %02x %02x %02x\n", type,
                mask[i], mask[i + 1], mask[i + 2], mask[i + 3], mask[i + 4], mask[i + 5], mask[i + 6], mask[i + 7]);
    }
    for (unsigned code = 0; code < ABS_CNT; code++) {
        if (!device_has(device, EV_ABS, code)) continue;
        const struct input_absinfo *axis = &device->abs[code];
        add(text, "A: %02x %d %d %d %d %d\n", code, axis->minimum, axis->maximum, axis->fuzz, axis->flat, axis->resolution);
    }
}

/* The kernel's uinput_validate_absinfo. */
static int valid_axis(const struct input_absinfo *axis) {
    int min = axis->minimum, max = axis->maximum, range;
    if ((min != 0 || max != 0) && max < min) return 0;
    if (!__builtin_sub_overflow(max, min, &range) && axis->flat > range) return 0;
    return 1;
}

/* Back to a new device, as after the kernel's uinput_destroy_device. */
static void reset(struct uinput *device) {
    int writable = device->writable;
    memset(device, 0, sizeof *device);
    device->writable = writable;
    device->state = STATE_NEW;
    device->capture = -1;
}

/* why: NULL for UI_DEV_DESTROY, else a comment saying what destroyed the device. */
static void destroy(struct uinput *device, const char *why) {
    if (device->state == STATE_CREATED && why && device->owner != getpid()) {
        /* A forked child closing its copy: the device lives on in the parent. */
        if (device->capture >= 0) syscall(SYS_close, device->capture);
        reset(device);
        return;
    }
    if (device->state == STATE_CREATED) {
        if (device->capture >= 0) {
            struct text text = { .fd = device->capture };
            if (why) add(&text, "# quill-uinput: %s\n", why);
            add(&text, "# quill-uinput: destroyed\n");
            flush(&text);
            syscall(SYS_close, device->capture);
        }
        char name[UINPUT_MAX_NAME_SIZE + 1];
        printable_name(device, name);
        say("quill-uinput: destroyed input%d '%s' after %ld events", device->number, name, device->events);
    }
    reset(device);
}

/* UI_DEV_CREATE: 0, or an errno. */
static int create(struct uinput *device) {
    if (device->state != STATE_SETUP) return EINVAL;  /* "write device info first" */
    if (has(device->types, EV_ABS)) {
        for (unsigned code = 0; code < ABS_CNT; code++)
            if (has(device->codes[EV_ABS], code) && !valid_axis(&device->abs[code])) {
                say("quill-uinput: UI_DEV_CREATE refused (EINVAL, as the kernel): axis %02x min %d max %d flat %d",
                    code, device->abs[code].minimum, device->abs[code].maximum, device->abs[code].flat);
                return EINVAL;
            }
    }
    if (has(device->types, EV_FF) && device->ff_effects_max == 0) {
        say("quill-uinput: UI_DEV_CREATE refused (EINVAL, as the kernel): EV_FF without ff_effects_max");
        return EINVAL;
    }
    if (knob("QUILL_UINPUT_FAIL_CREATE")) {
        say("quill-uinput: UI_DEV_CREATE fails with EINVAL (QUILL_UINPUT_FAIL_CREATE=1)");
        return EINVAL;
    }
    int index = created++;
    device->number = FIRST_SYSNAME + index;
    device->owner = getpid();
    device->state = STATE_CREATED;
    device->events = 0;
    device->capture = -1;
    device->capture_path[0] = '\0';
    const char *directory = getenv("QUILL_UINPUT_CAPTURE");
    if (directory && *directory) {
        snprintf(device->capture_path, sizeof device->capture_path, "%s/uinput-%d-%d.events", directory, (int)getpid(), index);
        long fd = syscall(SYS_openat, AT_FDCWD, device->capture_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) {
            say("quill-uinput: cannot write %s: %s (the device is not recorded)", device->capture_path, strerror(errno));
            device->capture_path[0] = '\0';
        } else {
            device->capture = (int)fd;
            struct text text = { .fd = device->capture };
            write_description(device, &text);
            flush(&text);
        }
    }
    char name[UINPUT_MAX_NAME_SIZE + 1];
    printable_name(device, name);
    if (device->capture >= 0)
        say("quill-uinput: created input%d '%s' (%s)", device->number, name, device->capture_path);
    else
        say("quill-uinput: created input%d '%s' (not recorded: QUILL_UINPUT_CAPTURE %s)", device->number, name,
            directory && *directory ? "cannot be written" : "is not set");
    return 0;
}

/* The device behind fd, or NULL; a first look without the lock keeps other fds fast. */
static struct uinput *peek(int fd) {
    return fd >= 0 && fd < MAX_FDS ? __atomic_load_n(&devices[fd], __ATOMIC_ACQUIRE) : NULL;
}

/* A successful open by the next library got an fd this table still holds (closed behind our
 * back, e.g. by a raw system call): forget it. */
static int forget_stale(int fd) {
    if (peek(fd)) {
        pthread_mutex_lock(&lock);
        free(devices[fd]);
        __atomic_store_n(&devices[fd], NULL, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&lock);
    }
    return fd;
}

static int is_uinput(int dirfd, const char *path) {
    (void)dirfd;  /* only the absolute path is the node */
    return path && strcmp(path, UINPUT_PATH) == 0;
}

/* Opens the stand-in for /dev/uinput: an fd, or -1 with errno. */
static int open_uinput(int flags) {
    if (knob("QUILL_UINPUT_DENY")) {
        errno = EACCES;
        return -1;
    }
    struct uinput *device = malloc(sizeof *device);
    if (!device) {
        errno = ENOMEM;
        return -1;
    }
    int fd = eventfd(0, (flags & O_CLOEXEC ? EFD_CLOEXEC : 0) | (flags & O_NONBLOCK ? EFD_NONBLOCK : 0));
    if (fd < 0) {
        int error = errno;
        free(device);
        errno = error;
        return -1;
    }
    if (fd >= MAX_FDS) {
        syscall(SYS_close, fd);
        free(device);
        say("quill-uinput: fd %d is beyond the shim's table (%d fds)", fd, MAX_FDS);
        errno = EMFILE;
        return -1;
    }
    device->writable = (flags & O_ACCMODE) != O_RDONLY;
    reset(device);
    pthread_mutex_lock(&lock);
    free(devices[fd]);
    __atomic_store_n(&devices[fd], device, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
    return fd;
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(arguments, mode_t) : 0;
}

int open(const char *path, int flags, ...) {
    NEXT(open, int (*)(const char *, int, ...));
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(AT_FDCWD, path)) return open_uinput(flags);
    int fd = next_open(path, flags, mode);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int open64(const char *path, int flags, ...) {
    NEXT(open64, int (*)(const char *, int, ...));
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(AT_FDCWD, path)) return open_uinput(flags);
    int fd = next_open64(path, flags, mode);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int openat(int dirfd, const char *path, int flags, ...) {
    NEXT(openat, int (*)(int, const char *, int, ...));
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(dirfd, path)) return open_uinput(flags);
    int fd = next_openat(dirfd, path, flags, mode);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int openat64(int dirfd, const char *path, int flags, ...) {
    NEXT(openat64, int (*)(int, const char *, int, ...));
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(dirfd, path)) return open_uinput(flags);
    int fd = next_openat64(dirfd, path, flags, mode);
    return fd >= 0 ? forget_stale(fd) : fd;
}

/* _FORTIFY_SOURCE builds call these instead of open/open64/openat. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

int __open_2(const char *path, int flags) {
    NEXT(__open_2, int (*)(const char *, int));
    if (is_uinput(AT_FDCWD, path)) return open_uinput(flags);
    int fd = next___open_2(path, flags);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int __open64_2(const char *path, int flags) {
    NEXT(__open64_2, int (*)(const char *, int));
    if (is_uinput(AT_FDCWD, path)) return open_uinput(flags);
    int fd = next___open64_2(path, flags);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int __openat_2(int dirfd, const char *path, int flags) {
    NEXT(__openat_2, int (*)(int, const char *, int));
    if (is_uinput(dirfd, path)) return open_uinput(flags);
    int fd = next___openat_2(dirfd, path, flags);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int __openat64_2(int dirfd, const char *path, int flags) {
    NEXT(__openat64_2, int (*)(int, const char *, int));
    if (is_uinput(dirfd, path)) return open_uinput(flags);
    int fd = next___openat64_2(dirfd, path, flags);
    return fd >= 0 ? forget_stale(fd) : fd;
}

int close(int fd) {
    NEXT(close, int (*)(int));
    if (peek(fd)) {
        pthread_mutex_lock(&lock);
        struct uinput *device = devices[fd];
        if (device) {
            destroy(device, "the fd was closed with the device created");
            free(device);
            __atomic_store_n(&devices[fd], NULL, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&lock);
    }
    return next_close(fd);
}

/* access and stat see the node, as the kernel's (root-only when QUILL_UINPUT_DENY=1). */
static int access_uinput(int mode) {
    if (mode != F_OK && knob("QUILL_UINPUT_DENY")) {
        errno = EACCES;
        return -1;
    }
    return 0;
}

int access(const char *path, int mode) {
    NEXT(access, int (*)(const char *, int));
    return is_uinput(AT_FDCWD, path) ? access_uinput(mode) : next_access(path, mode);
}

int faccessat(int dirfd, const char *path, int mode, int flags) {
    NEXT(faccessat, int (*)(int, const char *, int, int));
    return is_uinput(dirfd, path) ? access_uinput(mode) : next_faccessat(dirfd, path, mode, flags);
}

int eaccess(const char *path, int mode) {
    NEXT(eaccess, int (*)(const char *, int));
    return is_uinput(AT_FDCWD, path) ? access_uinput(mode) : next_eaccess(path, mode);
}

int euidaccess(const char *path, int mode) {
    NEXT(euidaccess, int (*)(const char *, int));
    return is_uinput(AT_FDCWD, path) ? access_uinput(mode) : next_euidaccess(path, mode);
}

#define NODE_STAT(st) do { \
        memset((st), 0, sizeof *(st)); \
        (st)->st_mode = S_IFCHR | (knob("QUILL_UINPUT_DENY") ? 0600 : 0660); \
        (st)->st_nlink = 1; \
        (st)->st_rdev = makedev(UINPUT_MAJOR, UINPUT_MINOR); \
        (st)->st_blksize = 4096; \
    } while (0)

int stat(const char *path, struct stat *st) {
    NEXT(stat, int (*)(const char *, struct stat *));
    if (!is_uinput(AT_FDCWD, path)) return next_stat(path, st);
    NODE_STAT(st);
    return 0;
}

int stat64(const char *path, struct stat64 *st) {
    NEXT(stat64, int (*)(const char *, struct stat64 *));
    if (!is_uinput(AT_FDCWD, path)) return next_stat64(path, st);
    NODE_STAT(st);
    return 0;
}

int lstat(const char *path, struct stat *st) {
    NEXT(lstat, int (*)(const char *, struct stat *));
    if (!is_uinput(AT_FDCWD, path)) return next_lstat(path, st);
    NODE_STAT(st);
    return 0;
}

int lstat64(const char *path, struct stat64 *st) {
    NEXT(lstat64, int (*)(const char *, struct stat64 *));
    if (!is_uinput(AT_FDCWD, path)) return next_lstat64(path, st);
    NODE_STAT(st);
    return 0;
}

int fstatat(int dirfd, const char *path, struct stat *st, int flags) {
    NEXT(fstatat, int (*)(int, const char *, struct stat *, int));
    if (!is_uinput(dirfd, path)) return next_fstatat(dirfd, path, st, flags);
    NODE_STAT(st);
    return 0;
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags) {
    NEXT(fstatat64, int (*)(int, const char *, struct stat64 *, int));
    if (!is_uinput(dirfd, path)) return next_fstatat64(dirfd, path, st, flags);
    NODE_STAT(st);
    return 0;
}

int fstat(int fd, struct stat *st) {
    NEXT(fstat, int (*)(int, struct stat *));
    if (!peek(fd)) return next_fstat(fd, st);
    NODE_STAT(st);
    return 0;
}

int fstat64(int fd, struct stat64 *st) {
    NEXT(fstat64, int (*)(int, struct stat64 *));
    if (!peek(fd)) return next_fstat64(fd, st);
    NODE_STAT(st);
    return 0;
}

/* The legacy setup: a struct uinput_user_dev written before UI_DEV_CREATE (the kernel's
 * uinput_setup_device_legacy). Returns the bytes taken, or -errno. */
static long legacy_setup(struct uinput *device, const void *buffer, size_t count) {
    if (count != sizeof(struct uinput_user_dev)) return -EINVAL;
    struct uinput_user_dev setup;
    memcpy(&setup, buffer, sizeof setup);
    if (!setup.name[0]) return -EINVAL;
    memcpy(device->name, setup.name, UINPUT_MAX_NAME_SIZE);
    device->name[UINPUT_MAX_NAME_SIZE] = '\0';
    device->id = setup.id;
    device->ff_effects_max = setup.ff_effects_max;
    for (int code = 0; code < ABS_CNT; code++) {
        device->abs[code].maximum = setup.absmax[code];
        device->abs[code].minimum = setup.absmin[code];
        device->abs[code].fuzz = setup.absfuzz[code];
        device->abs[code].flat = setup.absflat[code];
    }
    device->state = STATE_SETUP;
    return (long)count;
}

/* Events written to a created device (the kernel's uinput_inject_events). */
static long inject(struct uinput *device, const void *buffer, size_t count) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    struct text text = { .fd = device->capture };
    size_t taken = 0;
    for (; taken + EVENT_SIZE <= count; taken += EVENT_SIZE) {
        struct input_event event;
        memcpy(&event, (const char *)buffer + taken, EVENT_SIZE);
        device->events++;
        if (device->capture < 0) continue;
        add(&text, "E: %lu.%06lu %04x %04x %d%s\n", (unsigned long)now.tv_sec, (unsigned long)(now.tv_nsec / 1000),
            event.type, event.code, event.value,
            device_has(device, event.type, event.code) ? "" : "\t# not enabled on the device: the kernel drops it");
    }
    flush(&text);
    return (long)taken;
}

ssize_t write(int fd, const void *buffer, size_t count) {
    NEXT(write, ssize_t (*)(int, const void *, size_t));
    if (!peek(fd)) return next_write(fd, buffer, count);
    pthread_mutex_lock(&lock);
    struct uinput *device = devices[fd];
    long result;
    if (!device) {
        pthread_mutex_unlock(&lock);
        return next_write(fd, buffer, count);
    }
    if (!device->writable) result = -EBADF;
    else if (count != 0 && count < EVENT_SIZE) result = -EINVAL;
    else if (device->state == STATE_CREATED) result = inject(device, buffer, count);
    else result = legacy_setup(device, buffer, count);
    pthread_mutex_unlock(&lock);
    if (result < 0) {
        errno = (int)-result;
        return -1;
    }
    return (ssize_t)result;
}

/* The type whose codes a UI_SET_*BIT request sets (EV_MAX + 1 for the properties), or -1. */
static int bit_request_type(unsigned request, unsigned *max) {
    switch (request) {
    case UI_SET_EVBIT: *max = EV_MAX; return EV_SYN;
    case UI_SET_KEYBIT: *max = KEY_MAX; return EV_KEY;
    case UI_SET_RELBIT: *max = REL_MAX; return EV_REL;
    case UI_SET_ABSBIT: *max = ABS_MAX; return EV_ABS;
    case UI_SET_MSCBIT: *max = MSC_MAX; return EV_MSC;
    case UI_SET_LEDBIT: *max = LED_MAX; return EV_LED;
    case UI_SET_SNDBIT: *max = SND_MAX; return EV_SND;
    case UI_SET_FFBIT: *max = FF_MAX; return EV_FF;
    case UI_SET_SWBIT: *max = SW_MAX; return EV_SW;
    case UI_SET_PROPBIT: *max = INPUT_PROP_MAX; return EV_MAX + 1;
    default: return -1;
    }
}

/* A uinput ioctl (the kernel's uinput_ioctl_handler): its result, or -errno. */
static long uinput_ioctl(struct uinput *device, unsigned request, void *argument) {
    unsigned max;
    int type = bit_request_type(request, &max);
    if (type >= 0) {
        unsigned long code = (unsigned long)argument;
        if (device->state == STATE_CREATED || code > max) return -EINVAL;
        if (request == UI_SET_EVBIT) set(device->types, (unsigned)code);
        else if (request == UI_SET_PROPBIT) set(device->props, (unsigned)code);
        else set(device->codes[type], (unsigned)code);
        return 0;
    }
    switch (request) {
    case UI_GET_VERSION:
        if (!argument) return -EFAULT;
        *(unsigned *)argument = UINPUT_VERSION;
        return 0;
    case UI_SET_PHYS:
        return device->state == STATE_CREATED ? -EINVAL : 0;
    case UI_DEV_SETUP: {
        if (device->state == STATE_CREATED) return -EINVAL;
        if (!argument) return -EFAULT;
        struct uinput_setup setup;
        memcpy(&setup, argument, sizeof setup);
        if (!setup.name[0]) return -EINVAL;
        device->id = setup.id;
        device->ff_effects_max = setup.ff_effects_max;
        memcpy(device->name, setup.name, UINPUT_MAX_NAME_SIZE);
        device->name[UINPUT_MAX_NAME_SIZE] = '\0';
        device->state = STATE_SETUP;
        return 0;
    }
    case UI_DEV_CREATE: {
        int error = create(device);
        return error ? -error : 0;
    }
    case UI_DEV_DESTROY:
        destroy(device, NULL);
        return 0;
    }
    unsigned sized = request & ~(unsigned)(_IOC_SIZEMASK << _IOC_SIZESHIFT);
    unsigned size = _IOC_SIZE(request);
    if (sized == (UI_ABS_SETUP & ~(unsigned)(_IOC_SIZEMASK << _IOC_SIZESHIFT))) {
        struct uinput_abs_setup setup;
        memset(&setup, 0, sizeof setup);
        if (size > sizeof setup) return -E2BIG;
        if (device->state == STATE_CREATED) return -EBUSY;
        if (!argument) return -EFAULT;
        memcpy(&setup, argument, size);
        if (setup.code > ABS_MAX) return -ERANGE;
        if (!valid_axis(&setup.absinfo)) return -EINVAL;
        set(device->codes[EV_ABS], setup.code);
        device->abs[setup.code] = setup.absinfo;
        return 0;
    }
    if (sized == UI_GET_SYSNAME(0)) {
        if (device->state != STATE_CREATED) return -ENOENT;
        if (!argument || size == 0) return -EFAULT;
        char name[32];
        snprintf(name, sizeof name, "input%d", device->number);
        size_t length = strlen(name) + 1 < size ? strlen(name) + 1 : size;
        memcpy(argument, name, length);
        ((char *)argument)[size - 1 < length ? size - 1 : length - 1] = '\0';
        return (long)length;
    }
    return -EINVAL;
}

int ioctl(int fd, unsigned long request, ...) {
    NEXT(ioctl, int (*)(int, unsigned long, ...));
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    if (!peek(fd)) return next_ioctl(fd, request, argument);
    /* These the VFS answers before any driver: they act on the stand-in fd. */
    if (request == FIOCLEX || request == FIONCLEX || request == FIONBIO || request == FIOASYNC)
        return next_ioctl(fd, request, argument);
    pthread_mutex_lock(&lock);
    struct uinput *device = devices[fd];
    if (!device) {
        pthread_mutex_unlock(&lock);
        return next_ioctl(fd, request, argument);
    }
    long result = uinput_ioctl(device, (unsigned)request, argument);
    pthread_mutex_unlock(&lock);
    if (result < 0) {
        errno = (int)-result;
        return -1;
    }
    return (int)result;
}

/* Devices still created when the process exits normally are destroyed, as the kernel does when
 * it closes the fds. */
__attribute__((destructor)) static void destroy_all(void) {
    /* Not forever: exit may come from a signal handler that interrupted this file's own code. */
    int locked = 0;
    for (int tries = 0; tries < 200 && !(locked = pthread_mutex_trylock(&lock) == 0); tries++) {
        struct timespec pause = { 0, 5000000 };
        nanosleep(&pause, NULL);
    }
    if (!locked) return;
    for (int fd = 0; fd < MAX_FDS; fd++)
        if (devices[fd]) destroy(devices[fd], "the process exited with the device created");
    pthread_mutex_unlock(&lock);
}
