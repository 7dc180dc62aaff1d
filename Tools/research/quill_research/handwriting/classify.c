/* One Zinnia S-expression character per line on stdin; prints its n best values per line.
   Usage: classify MODEL [N]. Used by train.py to measure a model with Zinnia itself. */
#include <stdio.h>
#include <stdlib.h>
#include <zinnia.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: classify MODEL [N]\n"); return 2; }
    size_t n = argc > 2 ? (size_t)atoi(argv[2]) : 5;
    zinnia_recognizer_t *recognizer = zinnia_recognizer_new();
    if (!zinnia_recognizer_open(recognizer, argv[1])) { fprintf(stderr, "%s: %s\n", argv[1], zinnia_recognizer_strerror(recognizer)); return 1; }
    zinnia_character_t *character = zinnia_character_new();
    static char line[1 << 20];
    while (fgets(line, sizeof line, stdin)) {
        zinnia_result_t *result = NULL;
        if (zinnia_character_parse(character, line)) result = zinnia_recognizer_classify(recognizer, character, n);
        for (size_t i = 0; result && i < zinnia_result_size(result); i++) printf("%s%s", i ? " " : "", zinnia_result_value(result, i));
        printf("\n");
        if (result) zinnia_result_destroy(result);
    }
    zinnia_character_destroy(character);
    zinnia_recognizer_destroy(recognizer);
    return 0;
}
