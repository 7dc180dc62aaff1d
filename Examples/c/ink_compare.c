/*
 * ink_compare A.png B.png [--threshold T] [--diff DIFF.png]: compares where two pictures of the
 * same size hold ink, e.g. paint_mypaint's MyPaint rendering against `quill render`'s.
 *
 * A pixel holds ink when, composited over white, its darkest channel is darker than T (default
 * 0.5: 1 − min(r, g, b) > T, so half-covered pixels of a dark or saturated ink count, and a white
 * or transparent background never does). It prints:
 *
 *   ink A <pixels> B <pixels>
 *   iou-dilated-2px <intersection over union of the two masks, each dilated by a 2 px disc>
 *   far-3px A <ink pixels of A farther than 3 px from any ink of B> (<% of A>) B <likewise> (<% of B>)
 *
 * --diff writes a picture of the masks: black where both hold ink, red A only, blue B only.
 * Exit status 0, or 1 for unreadable pictures or different sizes.
 *
 *   cc -std=c11 -Wall -Wextra -Werror ink_compare.c $(pkg-config --cflags --libs cairo) -o ink_compare
 */
#include <cairo.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mask {
    int width, height;
    unsigned char *bits; /* 1 = ink, row-major */
    long count;
};

/* The ink mask of a PNG; 0 on failure (message printed). */
static int load_mask(const char *path, double threshold, struct mask *mask) {
    cairo_surface_t *image = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "ink_compare: %s: %s\n", path, cairo_status_to_string(cairo_surface_status(image)));
        cairo_surface_destroy(image);
        return 0;
    }
    /* Whatever the PNG's format, draw it onto ARGB32 to read one layout. */
    int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    cairo_surface_t *argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(argb);
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(image);
    cairo_surface_flush(argb);

    mask->width = width;
    mask->height = height;
    mask->count = 0;
    mask->bits = calloc((size_t)width * (size_t)height, 1);
    if (!mask->bits) {
        fprintf(stderr, "ink_compare: out of memory\n");
        cairo_surface_destroy(argb);
        return 0;
    }
    const unsigned char *data = cairo_image_surface_get_data(argb);
    int stride = cairo_image_surface_get_stride(argb);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t pixel = row[x]; /* premultiplied: over white, a channel is c + (255 − a) */
            int alpha = (int)(pixel >> 24), darkest = 255;
            for (int shift = 0; shift <= 16; shift += 8) {
                int over_white = (int)((pixel >> shift) & 0xff) + 255 - alpha;
                if (over_white < darkest) darkest = over_white;
            }
            if (1.0 - darkest / 255.0 > threshold) {
                mask->bits[(size_t)y * (size_t)width + (size_t)x] = 1;
                mask->count++;
            }
        }
    }
    cairo_surface_destroy(argb);
    return 1;
}

/* `mask` grown by a disc of `radius` pixels (Euclidean), into a new array. */
static unsigned char *dilate(const struct mask *mask, int radius) {
    unsigned char *out = calloc((size_t)mask->width * (size_t)mask->height, 1);
    if (!out) return NULL;
    for (int y = 0; y < mask->height; y++) {
        for (int x = 0; x < mask->width; x++) {
            if (!mask->bits[(size_t)y * (size_t)mask->width + (size_t)x]) continue;
            for (int dy = -radius; dy <= radius; dy++) {
                int yy = y + dy;
                if (yy < 0 || yy >= mask->height) continue;
                for (int dx = -radius; dx <= radius; dx++) {
                    int xx = x + dx;
                    if (xx < 0 || xx >= mask->width || dx * dx + dy * dy > radius * radius) continue;
                    out[(size_t)yy * (size_t)mask->width + (size_t)xx] = 1;
                }
            }
        }
    }
    return out;
}

/* Ink pixels of `a` with no ink of `b` within `radius` px: a pixel whose own disc holds none of b's. */
static long far_from(const struct mask *a, const unsigned char *b_dilated) {
    long far = 0;
    size_t n = (size_t)a->width * (size_t)a->height;
    for (size_t i = 0; i < n; i++) far += a->bits[i] && !b_dilated[i];
    return far;
}

static int write_diff(const struct mask *a, const struct mask *b, const char *path) {
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, a->width, a->height);
    cairo_surface_flush(image);
    unsigned char *data = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    for (int y = 0; y < a->height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < a->width; x++) {
            size_t i = (size_t)y * (size_t)a->width + (size_t)x;
            row[x] = a->bits[i] && b->bits[i] ? 0x000000u : a->bits[i] ? 0xe02020u : b->bits[i] ? 0x2040e0u : 0xffffffu;
        }
    }
    cairo_surface_mark_dirty(image);
    cairo_status_t status = cairo_surface_write_to_png(image, path);
    cairo_surface_destroy(image);
    if (status != CAIRO_STATUS_SUCCESS) fprintf(stderr, "ink_compare: %s: %s\n", path, cairo_status_to_string(status));
    return status == CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv) {
    const char *paths[2] = {NULL, NULL}, *diff = NULL;
    double threshold = 0.5;
    int n = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threshold") == 0 && i + 1 < argc) {
            char *end;
            threshold = strtod(argv[++i], &end);
            if (*end || threshold < 0 || threshold >= 1) n = 3; /* a usage error */
        } else if (strcmp(argv[i], "--diff") == 0 && i + 1 < argc) {
            diff = argv[++i];
        } else if (n < 2) {
            paths[n++] = argv[i];
        } else {
            n = 3;
        }
    }
    if (n != 2) {
        fprintf(stderr, "usage: ink_compare A.png B.png [--threshold 0…1 (0.5)] [--diff DIFF.png]\n");
        return 2;
    }
    struct mask a = {0}, b = {0};
    unsigned char *a2 = NULL, *b2 = NULL, *a3 = NULL, *b3 = NULL;
    int ok = load_mask(paths[0], threshold, &a) && load_mask(paths[1], threshold, &b);
    if (ok && (a.width != b.width || a.height != b.height)) {
        fprintf(stderr, "ink_compare: %s is %dx%d, %s is %dx%d\n", paths[0], a.width, a.height, paths[1], b.width, b.height);
        ok = 0;
    }
    if (ok) {
        a2 = dilate(&a, 2);
        b2 = dilate(&b, 2);
        a3 = dilate(&a, 3);
        b3 = dilate(&b, 3);
        if (!a2 || !b2 || !a3 || !b3) {
            fprintf(stderr, "ink_compare: out of memory\n");
            ok = 0;
        }
    }
    if (ok) {
        long both = 0, either = 0;
        size_t pixels = (size_t)a.width * (size_t)a.height;
        for (size_t i = 0; i < pixels; i++) {
            both += a2[i] && b2[i];
            either += a2[i] || b2[i];
        }
        long a_far = far_from(&a, b3), b_far = far_from(&b, a3);
        printf("ink A %ld B %ld\n", a.count, b.count);
        printf("iou-dilated-2px %.4f\n", either ? (double)both / (double)either : 1.0);
        printf("far-3px A %ld (%.1f%%) B %ld (%.1f%%)\n", a_far, a.count ? 100.0 * (double)a_far / (double)a.count : 0.0, b_far,
               b.count ? 100.0 * (double)b_far / (double)b.count : 0.0);
        if (diff) ok = write_diff(&a, &b, diff);
    }
    free(a.bits);
    free(b.bits);
    free(a2);
    free(b2);
    free(a3);
    free(b3);
    return ok ? 0 : 1;
}
