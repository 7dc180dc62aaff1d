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
 * Everything else passes through to the next library (umockdev's preload, then libc).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define UDEV_DATA "/run/udev/data/"
#define MAX_FDS 1024

static char mocked_fds[MAX_FDS];

static int mocked_rdev(dev_t *rdev) {
    const char *text = getenv("QUILL_MOCK_RDEV");
    unsigned major_number, minor_number;
    if (!text || sscanf(text, "%u:%u", &major_number, &minor_number) != 2) return 0;
    *rdev = makedev(major_number, minor_number);
    return 1;
}

static int is_mocked_node(const char *path) {
    const char *node = getenv("QUILL_MOCK_NODE");
    return node && path && strcmp(path, node) == 0;
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

static void fix_stat(struct stat *st) {
    dev_t rdev;
    if (mocked_rdev(&rdev)) {
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
    int fd = next_open(redirect(path, buffer, sizeof buffer), flags, mode);
    if (fd >= 0 && fd < MAX_FDS) mocked_fds[fd] = is_mocked_node(path);
    return fd;
}

int open64(const char *path, int flags, ...) {
    NEXT(open64);
    char buffer[4096];
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    int fd = next_open64(redirect(path, buffer, sizeof buffer), flags, mode);
    if (fd >= 0 && fd < MAX_FDS) mocked_fds[fd] = is_mocked_node(path);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...) {
    NEXT(openat);
    char buffer[4096];
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
    int fd = next_openat(dirfd, redirect(path, buffer, sizeof buffer), flags, mode);
    if (fd >= 0 && fd < MAX_FDS) mocked_fds[fd] = is_mocked_node(path);
    return fd;
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

int close(int fd) {
    NEXT(close);
    if (fd >= 0 && fd < MAX_FDS) mocked_fds[fd] = 0;
    return next_close(fd);
}

int stat(const char *path, struct stat *st) {
    NEXT(stat);
    int result = next_stat(path, st);
    if (result == 0 && is_mocked_node(path)) fix_stat(st);
    return result;
}

int stat64(const char *path, struct stat64 *st) {
    NEXT(stat64);
    int result = next_stat64(path, st);
    if (result == 0 && is_mocked_node(path)) fix_stat((struct stat *)st);
    return result;
}

int fstat(int fd, struct stat *st) {
    NEXT(fstat);
    int result = next_fstat(fd, st);
    if (result == 0 && fd >= 0 && fd < MAX_FDS && mocked_fds[fd]) fix_stat(st);
    return result;
}

int fstat64(int fd, struct stat64 *st) {
    NEXT(fstat64);
    int result = next_fstat64(fd, st);
    if (result == 0 && fd >= 0 && fd < MAX_FDS && mocked_fds[fd]) fix_stat((struct stat *)st);
    return result;
}
