/* Reads a recording through libquill's C interface to its end or its error and says how many pen
 * samples came, the last status, the peak resident memory and the error's message
 * (EmbeddingTests: a recording source is streamed, so memory does not grow with the file). */
#include <stdio.h>
#include <sys/resource.h>
#include "quill.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: stream_check RECORDING\n");
        return 2;
    }
    quill_source *source = NULL;
    int status = quill_source_open_recording(argv[1], NULL, &source);
    if (status != QUILL_OK) {
        printf("open %d %s\n", status, quill_last_error());
        return 1;
    }
    struct quill_sample sample = { .size = sizeof sample };
    long count = 0;
    while ((status = quill_source_next_sample(source, &sample)) == 1) count++;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("samples %ld status %d maxrss_kb %ld error %s\n", count, status, usage.ru_maxrss, status < 0 ? quill_last_error() : "");
    quill_source_close(source);
    return 0;
}
