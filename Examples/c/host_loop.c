/*
 * host_loop [--duration SECONDS] SOURCE...: a host application's main loop over libquill, the
 * libinput shape: poll() every source's fd, with the smallest quill_source_get_timeout as the
 * poll timeout, then quill_source_dispatch and take the samples.
 *
 * A SOURCE under /dev/input/ is a live tablet (quill_source_open_device); anything else is a
 * recording, whose samples are all there at once (no fd): it is drained at the start. The loop
 * ends when no live source is left, when --duration has passed, or on Ctrl-C. Then it prints one
 * line per source: "source I: samples N strokes M".
 *
 *   cc -std=c11 -Wall -Wextra -Werror host_loop.c $(pkg-config --cflags --libs quill) -o host_loop
 */
#define _POSIX_C_SOURCE 200809L
#include <quill.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct host_source {
    const char *path;
    quill_source *source;
    quill_engine *engine;
    long samples;
    int live;      /* still polled */
    double due;    /* monotonic seconds at which dispatch must run without input (quill_source_get_timeout), or INFINITY */
};

static volatile sig_atomic_t interrupted;
static void on_signal(int signal_number) { (void)signal_number; interrupted = 1; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static const char *message(int status) { return *quill_last_error() ? quill_last_error() : quill_strerror(status); }

/* The geometry buffers, shared by the sources and grown when libquill says they are too small. */
static struct quill_vertex *vertices;
static uint32_t *indices;
static size_t vertex_capacity, index_capacity;

/* Takes the geometry committed since the last call (a renderer would draw it). Returns a quill_status. */
static int take_geometry(quill_engine *engine) {
    for (;;) {
        size_t vertex_count = 0, index_count = 0;
        int status = quill_engine_take_geometry(engine, vertices, vertex_capacity, &vertex_count, indices, index_capacity, &index_count);
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL || (vertex_count <= vertex_capacity && index_count <= index_capacity)) return status;
        if (vertex_count > vertex_capacity) {
            free(vertices);
            vertex_capacity = 2 * vertex_count;
            vertices = malloc(vertex_capacity * sizeof *vertices);
        }
        if (index_count > index_capacity) {
            free(indices);
            index_capacity = 2 * index_count;
            indices = malloc(index_capacity * sizeof *indices);
        }
        if (!vertices || !indices) {
            fprintf(stderr, "host_loop: out of memory\n");
            exit(1);
        }
    }
}

/* Dispatches and feeds every waiting sample to the engine. Returns a quill_status. */
static int drain(struct host_source *s) {
    int dispatched = quill_source_dispatch(s->source);
    /* Even after an error (a tablet unplugged) the samples decoded so far, and the cancelled end
       of an open stroke, are waiting: take them before reporting it. */
    struct quill_sample sample = {.size = sizeof(struct quill_sample)};
    int status;
    while ((status = quill_source_next_sample(s->source, &sample)) == 1) {
        s->samples++;
        if ((status = quill_engine_add_sample(s->engine, &sample, NULL)) < 0) return status;
        if ((status = take_geometry(s->engine)) < 0) return status;
    }
    if (status < 0) return status;
    if (dispatched < 0) return dispatched;
    int timeout = quill_source_get_timeout(s->source);
    s->due = timeout >= 0 ? now() + timeout / 1000.0 : INFINITY;
    return QUILL_OK;
}

static void end_source(struct host_source *s, int status, int index, int *failures) {
    if (status < 0) {
        fprintf(stderr, "host_loop: source %d (%s): %s\n", index, s->path, message(status));
        ++*failures;
    }
    s->live = 0;
}

int main(int argc, char **argv) {
    double duration = INFINITY;
    int first = 1;
    if (argc > 2 && strcmp(argv[1], "--duration") == 0) {
        char *end;
        duration = strtod(argv[2], &end);
        if (*end || !(duration >= 0)) {
            fprintf(stderr, "host_loop: --duration wants seconds, not \"%s\"\n", argv[2]);
            return 2;
        }
        first = 3;
    }
    int count = argc - first;
    if (count < 1) {
        fprintf(stderr, "usage: host_loop [--duration SECONDS] RECORDING|/dev/input/eventN...\n");
        return 2;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);

    struct host_source *sources = calloc((size_t)count, sizeof *sources);
    struct pollfd *fds = calloc((size_t)count, sizeof *fds);
    int *polled = calloc((size_t)count, sizeof *polled);
    vertex_capacity = 1024;
    index_capacity = 3072;
    vertices = malloc(vertex_capacity * sizeof *vertices);
    indices = malloc(index_capacity * sizeof *indices);
    if (!sources || !fds || !polled || !vertices || !indices) {
        fprintf(stderr, "host_loop: out of memory\n");
        return 1;
    }
    int failures = 0;
    for (int i = 0; i < count; i++) {
        struct host_source *s = &sources[i];
        s->path = argv[first + i];
        struct quill_source_options options = {.size = sizeof(struct quill_source_options)};
        int status = strncmp(s->path, "/dev/input/", 11) == 0 ? quill_source_open_device(s->path, &options, &s->source)
                                                               : quill_source_open_recording(s->path, &options, &s->source);
        struct quill_engine_options engine_options = {.size = sizeof(struct quill_engine_options), .ink = QUILL_INK_PEN};
        if (status >= 0) status = quill_source_get_area(s->source, &engine_options.area_width_mm, &engine_options.area_height_mm);
        if (status >= 0) status = quill_engine_new(&engine_options, &s->engine);
        if (status < 0) {
            fprintf(stderr, "host_loop: %s\n", message(status));
            return 1; /* the OS frees what was opened */
        }
        s->live = quill_source_get_fd(s->source) >= 0;
        status = drain(s); /* a recording: everything; a tablet: what is already pending */
        if (status < 0 || !s->live) end_source(s, status, i, &failures);
    }

    double stop = now() + duration;
    for (;;) {
        int n = 0;
        double due = stop;
        for (int i = 0; i < count; i++) {
            if (!sources[i].live) continue;
            fds[n] = (struct pollfd){.fd = quill_source_get_fd(sources[i].source), .events = POLLIN};
            polled[n++] = i;
            if (sources[i].due < due) due = sources[i].due;
        }
        if (n == 0 || interrupted || now() >= stop) break;
        double wait = due - now();
        int timeout = isinf(wait) ? -1 : wait <= 0 ? 0 : (int)(wait * 1000) + 1; /* rounded up */
        int ready = poll(fds, (nfds_t)n, timeout);
        if (ready < 0 && errno != EINTR) {
            perror("host_loop: poll");
            return 1;
        }
        double t = now();
        for (int k = 0; k < n && ready >= 0; k++) {
            struct host_source *s = &sources[polled[k]];
            if (!fds[k].revents && t < s->due) continue;
            int status = drain(s);
            if (status < 0) end_source(s, status, polled[k], &failures);
        }
    }

    for (int i = 0; i < count; i++) {
        struct host_source *s = &sources[i];
        /* The input ends here: a stroke still open on a live tablet gets its end, as in a replay. */
        if (quill_source_finish(s->source) < 0 || drain(s) < 0) {
            fprintf(stderr, "host_loop: source %d (%s): %s\n", i, s->path, message(QUILL_ERROR_IO));
            failures++;
        }
        if (quill_engine_finish(s->engine) < 0 || take_geometry(s->engine) < 0) {
            fprintf(stderr, "host_loop: source %d (%s): %s\n", i, s->path, message(QUILL_ERROR_INVALID_ARGUMENT));
            failures++;
        }
        printf("source %d: samples %ld strokes %d\n", i, s->samples, quill_engine_stroke_count(s->engine));
        quill_engine_free(s->engine);
        quill_source_close(s->source);
    }
    free(sources);
    free(fds);
    free(polled);
    free(vertices);
    free(indices);
    return failures ? 1 : 0;
}
