/*
 * quillpace.so — keeps umockdev-run's event playback on the recording's clock under load.
 *
 * umockdev plays an evemu events file as a script: before each event its runner thread sleeps
 * the time since the previous event (g_usleep, i.e. nanosleep) and then writes it. A sleep
 * relative to the previous write adds every wake-up's lateness to all later events: on a loaded
 * machine (two busy cores) a recording of a few seconds drifted later and later behind its own
 * time stamps, until a timer that runs from event times (libinput's 50 ms forced proximity-out)
 * expired between two frames a pen sent 5 ms apart.
 *
 * Loaded with LD_PRELOAD into umockdev-run itself, with QUILL_PACE_SLEEPS=1: every relative
 * nanosleep, clock_nanosleep and usleep of a thread sleeps until a deadline that is the sum of
 * that thread's sleeps since its first one, so a late wake-up is made up at the next event
 * instead of passed on (a thread that fell behind writes at once until it is on time again, as
 * a kernel buffer hands a late reader what piled up). The variable is removed at load, so the
 * program umockdev-run starts — which inherits LD_PRELOAD — sleeps as it asked.
 *
 * The lead: a harness plays a wake-up event, then the stream QUILL_PACE_LEAD seconds later, a
 * pause long enough for the program to start on a loaded machine. With QUILL_PACE_READY_FILE=PATH
 * the pause ends as soon as PATH exists — quillmock.so creates it when the program first reads a
 * mocked node — and QUILL_PACE_SETTLE seconds (default 0.2) later, but not before
 * QUILL_PACE_NOT_BEFORE (CLOCK_MONOTONIC µs) nor after the pause's own end. The time skipped is
 * the same for every thread (the first one to see PATH decides it), so several mocked nodes keep
 * their streams' relative times: a node whose stream begins later than the others' still does,
 * by as much. Later sleeps are paced from there.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

static int pacing;
static __thread struct timespec deadline;
static __thread int started;
static __thread int lead_done;
static char *ready_file;          /* QUILL_PACE_READY_FILE, or NULL */
static long long lead_us;         /* QUILL_PACE_LEAD in µs */
static long long settle_us = 200000;
static long long not_before_us;
static long long started_us;      /* when umockdev-run started: the lead runs from here */
static long long skipped_us = -1; /* how much of the lead every thread skips; -1 until decided */
static pthread_mutex_t skip_lock = PTHREAD_MUTEX_INITIALIZER;

static long long microseconds(const struct timespec *t) { return (long long)t->tv_sec * 1000000LL + t->tv_nsec / 1000; }

__attribute__((constructor)) static void decide(void) {
    const char *text = getenv("QUILL_PACE_SLEEPS");
    pacing = text && strcmp(text, "1") == 0;
    unsetenv("QUILL_PACE_SLEEPS");
    const char *ready = getenv("QUILL_PACE_READY_FILE");
    const char *lead = getenv("QUILL_PACE_LEAD");
    if (ready && *ready && lead) {
        ready_file = strdup(ready);
        lead_us = (long long)(atof(lead) * 1e6);
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    started_us = microseconds(&now);
    const char *settle = getenv("QUILL_PACE_SETTLE");
    if (settle) settle_us = (long long)(atof(settle) * 1e6);
    const char *floor = getenv("QUILL_PACE_NOT_BEFORE");
    if (floor) not_before_us = atoll(floor);
    unsetenv("QUILL_PACE_READY_FILE");
    unsetenv("QUILL_PACE_LEAD");
    unsetenv("QUILL_PACE_SETTLE");
    unsetenv("QUILL_PACE_NOT_BEFORE");
}

static int (*next_clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);

static int real_clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    if (!next_clock_nanosleep) next_clock_nanosleep = dlsym(RTLD_NEXT, "clock_nanosleep");
    return next_clock_nanosleep(clock, flags, request, remaining);
}

/* How much of the lead every thread skips (µs): once the program has read its node, the lead's end
 * comes that much sooner; 0 when it never does before the lead is over. */
static long long lead_skipped(void) {
    struct timespec now, poll_pause = { .tv_sec = 0, .tv_nsec = 5000000L };
    long long lead_end = started_us + lead_us;
    for (;;) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        pthread_mutex_lock(&skip_lock);
        long long decided = skipped_us;
        if (decided < 0 && access(ready_file, F_OK) == 0) {
            long long resume = microseconds(&now) + settle_us;
            if (resume < not_before_us) resume = not_before_us;
            decided = skipped_us = resume < lead_end ? lead_end - resume : 0;
        } else if (decided < 0 && microseconds(&now) >= lead_end) {
            decided = skipped_us = 0;
        }
        pthread_mutex_unlock(&skip_lock);
        if (decided >= 0) return decided;
        real_clock_nanosleep(CLOCK_MONOTONIC, 0, &poll_pause, NULL);
    }
}

/* Sleeps `request` after the thread's previous deadline (the first: after now). */
static int paced(const struct timespec *request) {
    if (request->tv_nsec < 0 || request->tv_nsec >= 1000000000L || request->tv_sec < 0) return EINVAL;
    if (!started) {
        clock_gettime(CLOCK_MONOTONIC, &deadline);
        started = 1;
    }
    deadline.tv_sec += request->tv_sec;
    deadline.tv_nsec += request->tv_nsec;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    if (ready_file && !lead_done && (long long)request->tv_sec * 1000000LL + request->tv_nsec / 1000 >= lead_us - 1000) {
        /* The thread's lead (its first sleep as long as the lead: a node whose stream begins later
         * sleeps longer, and keeps that difference). */
        lead_done = 1;
        long long end = microseconds(&deadline) - lead_skipped();
        deadline.tv_sec = end / 1000000LL;
        deadline.tv_nsec = (long)(end % 1000000LL) * 1000L;
    }
    int result;
    while ((result = real_clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL)) == EINTR) {}
    return result;
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    if (!pacing || (flags & TIMER_ABSTIME) || (clock != CLOCK_MONOTONIC && clock != CLOCK_REALTIME))
        return real_clock_nanosleep(clock, flags, request, remaining);
    return paced(request);
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
    static int (*next_nanosleep)(const struct timespec *, struct timespec *);
    if (!pacing) {
        if (!next_nanosleep) next_nanosleep = dlsym(RTLD_NEXT, "nanosleep");
        return next_nanosleep(request, remaining);
    }
    int result = paced(request);
    if (result != 0) {
        errno = result;
        return -1;
    }
    return 0;
}

int usleep(useconds_t microseconds) {
    static int (*next_usleep)(useconds_t);
    if (!pacing) {
        if (!next_usleep) next_usleep = dlsym(RTLD_NEXT, "usleep");
        return next_usleep(microseconds);
    }
    struct timespec request = { .tv_sec = microseconds / 1000000, .tv_nsec = (long)(microseconds % 1000000) * 1000 };
    return nanosleep(&request, NULL);
}
