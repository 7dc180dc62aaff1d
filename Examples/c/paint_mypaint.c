/*
 * paint_mypaint RECORDING OUT.png [BRUSH]: paints a recording's pen strokes through libquill with a
 * libmypaint brush, the way a painting app that has its own brush engine uses Quill: libquill
 * gives the smoothed points and the eraser's changes (strokes erased, or split into pieces),
 * libmypaint lays the dabs.
 *
 * The canvas is 1366 × 1024 points (quill_source_options' default), painted at 1 pixel per point
 * into a MyPaint fixed tiled surface. Ink strokes are painted as their updates come (the smoothed
 * point, the sample's pressure and tilt, dtime from the sample times), and each stroke's painted
 * points are kept by stroke id. Eraser samples paint nothing: when an eraser stroke ends, libquill
 * says which strokes it erased or split (quill_engine_next_change); the points of a split
 * stroke's pieces come from quill_engine_get_stroke_points, and the picture is repainted from the
 * kept points in quill_engine_get_stroke_ids' order.
 *
 * Each stroke starts the brush afresh at its first point (MyPaint paints from there on), so a tap
 * that never moves paints nothing with a brush that spaces its dabs by distance, as in MyPaint.
 *
 * BRUSH is a .myb file, or a name under the brush directory ("classic/pen" or
 * "classic/pen.myb"); default "classic/pen": hard, opaque, round, its radius growing with
 * pressure as Quill's pen ink's width does (its mark is wider than the 4-point pen's). The brush directory is $MYPAINT_BRUSHES_DIR, else
 * the MYPAINT_BRUSHES_DIR macro (pkg-config --cflags mypaint-brushes-2.0 defines it), else
 * /usr/share/mypaint-data/2.0/brushes (Debian's mypaint-brushes). The brush's colour is replaced
 * by `quill render`'s default ink colour, #0D3FBF.
 *
 * OUT.png is RGBA (8 bits per channel), the ink over an opaque white background, as `quill
 * render` draws. The program prints one line, "strokes N erased E split S": N the strokes in the
 * final picture (quill_engine_get_stroke_ids), E and S the QUILL_STROKE_ERASED and
 * QUILL_STROKE_SPLIT changes. A libquill error prints quill_last_error() and exits 1.
 *
 *   cc -std=c11 -Wall -Wextra -Werror paint_mypaint.c \
 *      $(pkg-config --cflags --libs quill libmypaint cairo) -lm -o paint_mypaint
 *
 * (Debian 12: apt-get install libmypaint-dev mypaint-brushes libcairo2-dev. The pkg-config name
 * is "libmypaint" (version 1.6); it pulls in json-c, gobject-2.0 and glib-2.0 and -fopenmp.)
 * Against a source tree's debug build instead of an installed libquill, whose libQuillC.so has
 * the soname libquill.so.0, give the linker a directory DIR with a link libquill.so.0 → it:
 *
 *   cc -std=c11 -Wall -Wextra -Werror paint_mypaint.c -ISources/CQuill/include -L.build/debug -lQuillC \
 *      -Wl,-rpath,DIR $(pkg-config --cflags --libs libmypaint cairo) -lm -o paint_mypaint
 */
#include <quill.h>

#include <cairo.h>
#include <mypaint-brush.h>
#include <mypaint-fixed-tiled-surface.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MYPAINT_BRUSHES_DIR
#define MYPAINT_BRUSHES_DIR "/usr/share/mypaint-data/2.0/brushes"
#endif

enum { CANVAS_WIDTH = 1366, CANVAS_HEIGHT = 1024 }; /* points, and pixels (1 px per point) */
static const char *const DEFAULT_BRUSH = "classic/pen";
static const double INK_RGB[3] = {0x0D / 255.0, 0x3F / 255.0, 0xBF / 255.0}; /* quill render's #0D3FBF */
static const double PI = 3.14159265358979323846;
static const double MAX_FORCE = 25.0 / 6.0; /* quill_stroke_point.force at full pressure */
/* A dtime above libmypaint's 5 s limit makes stroke_to jump to the point (no slow-tracking lag
   from wherever the brush last was) and start the stroke there, painting nothing. */
static const double JUMP_DTIME = 10.0;

/* One point as it is handed to mypaint_brush_stroke_to. */
struct paint_point {
    float x, y, pressure, xtilt, ytilt;
    double dtime; /* seconds since the stroke's previous point (0 for the first) */
};

/* The points painted for one stroke id of the engine's drawing. */
struct stroke {
    struct paint_point *points;
    size_t count, capacity;
    double last_time;  /* the time of the last point added live, seconds */
    double tilt_range; /* the device's tilt range in degrees (0: no tilt), for the pieces of a split */
    int present;
};

struct app {
    quill_source *source;
    quill_engine *engine;
    MyPaintBrush *brush;
    MyPaintFixedTiledSurface *surface;
    struct stroke *strokes; /* indexed by stroke id */
    size_t stroke_capacity;
    struct quill_stroke_point *point_buffer;
    size_t point_capacity;
    int32_t *ids;
    size_t id_capacity;
    long erased, split;
};

static void cleanup(struct app *app) {
    for (size_t i = 0; i < app->stroke_capacity; i++) free(app->strokes[i].points);
    free(app->strokes);
    free(app->point_buffer);
    free(app->ids);
    if (app->surface) mypaint_surface_unref(mypaint_fixed_tiled_surface_interface(app->surface));
    if (app->brush) mypaint_brush_unref(app->brush);
    quill_engine_free(app->engine);
    quill_source_close(app->source);
}

/* A libquill failure: its message, then exit 1. */
static void quill_fail(struct app *app, int status, const char *call) {
    const char *message = quill_last_error();
    fprintf(stderr, "paint_mypaint: %s: %s\n", call, *message ? message : quill_strerror(status));
    cleanup(app);
    exit(1);
}

static void fail(struct app *app, const char *message, const char *detail) {
    fprintf(stderr, "paint_mypaint: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    cleanup(app);
    exit(1);
}

/* Grows *buffer to hold at least `needed` items of `item` bytes. */
static void grow(struct app *app, void **buffer, size_t *capacity, size_t needed, size_t item) {
    if (needed <= *capacity) return;
    size_t capacity2 = *capacity ? *capacity : 16;
    while (capacity2 < needed) capacity2 *= 2;
    void *grown = realloc(*buffer, capacity2 * item);
    if (!grown) fail(app, "out of memory", NULL);
    *buffer = grown;
    *capacity = capacity2;
}

/* The record of stroke `id`, created empty when it is new. */
static struct stroke *stroke_for(struct app *app, int32_t id) {
    if (id < 0) fail(app, "libquill gave a negative stroke id", NULL);
    size_t old = app->stroke_capacity;
    grow(app, (void **)&app->strokes, &app->stroke_capacity, (size_t)id + 1, sizeof *app->strokes);
    if (app->stroke_capacity > old) memset(app->strokes + old, 0, (app->stroke_capacity - old) * sizeof *app->strokes);
    struct stroke *stroke = &app->strokes[id];
    stroke->present = 1;
    return stroke;
}

static struct stroke *find_stroke(struct app *app, int32_t id) {
    if (id < 0 || (size_t)id >= app->stroke_capacity || !app->strokes[id].present) return NULL;
    return &app->strokes[id];
}

static void drop_stroke(struct app *app, int32_t id) {
    struct stroke *stroke = find_stroke(app, id);
    if (!stroke) return; /* a piece that was gone before we fetched it */
    free(stroke->points);
    memset(stroke, 0, sizeof *stroke);
}

static void add_point(struct app *app, struct stroke *stroke, struct paint_point point) {
    grow(app, (void **)&stroke->points, &stroke->capacity, stroke->count + 1, sizeof *stroke->points);
    stroke->points[stroke->count++] = point;
}

/* ---- MyPaint ---------------------------------------------------------------------------- */

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    char *text = NULL;
    size_t length = 0, capacity = 0;
    int bad = 0;
    for (;;) {
        if (length + 1 >= capacity) {
            capacity = capacity ? 2 * capacity : 65536;
            char *grown = realloc(text, capacity);
            if (!grown) {
                bad = 1;
                break;
            }
            text = grown;
        }
        size_t read = fread(text + length, 1, capacity - length - 1, file);
        length += read;
        if (read == 0) break;
    }
    if (ferror(file)) bad = 1; /* a directory, say */
    fclose(file);
    if (bad) {
        free(text);
        return NULL;
    }
    text[length] = '\0';
    return text;
}

/* BRUSH as given when it is a file, else BRUSHES_DIR/BRUSH[.myb]. */
static void load_brush(struct app *app, const char *brush_name) {
    char *text = read_file(brush_name);
    char path[4096];
    if (!text) {
        const char *directory = getenv("MYPAINT_BRUSHES_DIR");
        if (!directory || !*directory) directory = MYPAINT_BRUSHES_DIR;
        size_t n = strlen(brush_name);
        int has_extension = n >= 4 && strcmp(brush_name + n - 4, ".myb") == 0;
        int written = snprintf(path, sizeof path, "%s/%s%s", directory, brush_name, has_extension ? "" : ".myb");
        if (written < 0 || (size_t)written >= sizeof path) fail(app, "brush path too long", brush_name);
        text = read_file(path);
        if (!text) fail(app, "cannot read the brush", path);
    }
    app->brush = mypaint_brush_new();
    int loaded = mypaint_brush_from_string(app->brush, text);
    free(text);
    if (!loaded) fail(app, "not a MyPaint brush (version 3 .myb)", brush_name);

    /* The ink colour, as HSV (libmypaint's colour settings). */
    double r = INK_RGB[0], g = INK_RGB[1], b = INK_RGB[2];
    double max = fmax(r, fmax(g, b)), min = fmin(r, fmin(g, b)), delta = max - min, h = 0;
    if (delta > 0) {
        if (max == r) h = fmod((g - b) / delta, 6);
        else if (max == g) h = (b - r) / delta + 2;
        else h = (r - g) / delta + 4;
        h /= 6;
        if (h < 0) h += 1;
    }
    mypaint_brush_set_base_value(app->brush, MYPAINT_BRUSH_SETTING_COLOR_H, (float)h);
    mypaint_brush_set_base_value(app->brush, MYPAINT_BRUSH_SETTING_COLOR_S, (float)(max > 0 ? delta / max : 0));
    mypaint_brush_set_base_value(app->brush, MYPAINT_BRUSH_SETTING_COLOR_V, (float)max);
}

static int tiles_across(int pixels) { return (pixels + MYPAINT_TILE_SIZE - 1) / MYPAINT_TILE_SIZE; }

/* Every pixel transparent (the fixed surface starts with 0xffff in every channel, not a colour). */
static void clear_surface(MyPaintFixedTiledSurface *surface) {
    MyPaintTiledSurface *tiled = (MyPaintTiledSurface *)surface;
    int columns = tiles_across(mypaint_fixed_tiled_surface_get_width(surface));
    int rows = tiles_across(mypaint_fixed_tiled_surface_get_height(surface));
    for (int ty = 0; ty < rows; ty++) {
        for (int tx = 0; tx < columns; tx++) {
            MyPaintTileRequest request;
            mypaint_tile_request_init(&request, 0, tx, ty, FALSE);
            mypaint_tiled_surface_tile_request_start(tiled, &request);
            memset(request.buffer, 0, MYPAINT_TILE_SIZE * MYPAINT_TILE_SIZE * 4 * sizeof(uint16_t));
            mypaint_tiled_surface_tile_request_end(tiled, &request);
        }
    }
}

/* Paints point `index` of `stroke`; the first restarts the brush there (JUMP_DTIME) and paints nothing. */
static void paint_point(struct app *app, const struct stroke *stroke, size_t index) {
    MyPaintSurface *surface = mypaint_fixed_tiled_surface_interface(app->surface);
    const struct paint_point *p = &stroke->points[index];
    if (index == 0) {
        mypaint_brush_reset(app->brush);
        mypaint_brush_new_stroke(app->brush);
    }
    mypaint_surface_begin_atomic(surface);
    mypaint_brush_stroke_to(app->brush, surface, p->x, p->y, p->pressure, p->xtilt, p->ytilt, index == 0 ? JUMP_DTIME : p->dtime);
    MyPaintRectangle changed;
    mypaint_surface_end_atomic(surface, &changed);
}

static void paint_stroke(struct app *app, const struct stroke *stroke) {
    for (size_t i = 0; i < stroke->count; i++) paint_point(app, stroke, i);
}

/* The ids of the strokes the engine keeps, in painting order; returns the count. */
static size_t stroke_ids(struct app *app) {
    for (;;) {
        size_t count = 0;
        int status = quill_engine_get_stroke_ids(app->engine, app->ids, app->id_capacity, &count);
        if (status == QUILL_OK) return count;
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL) quill_fail(app, status, "quill_engine_get_stroke_ids");
        grow(app, (void **)&app->ids, &app->id_capacity, count, sizeof *app->ids);
    }
}

/* Clears the picture and paints every kept stroke in the engine's order. */
static void repaint(struct app *app) {
    clear_surface(app->surface);
    size_t count = stroke_ids(app);
    for (size_t i = 0; i < count; i++) {
        const struct stroke *stroke = find_stroke(app, app->ids[i]);
        if (!stroke) {
            fprintf(stderr, "paint_mypaint: warning: the engine keeps stroke %d, which was never painted\n", (int)app->ids[i]);
            continue;
        }
        paint_stroke(app, stroke);
    }
}

/* 1 when the strokes painted are exactly the ones the engine keeps (a stroke the engine did not
   keep, a cancelled one say, was still painted as it came). */
static int in_step(struct app *app) {
    size_t count = stroke_ids(app), present = 0;
    for (size_t i = 0; i < app->stroke_capacity; i++) present += (size_t)app->strokes[i].present;
    if (present != count) return 0;
    for (size_t i = 0; i < count; i++)
        if (!find_stroke(app, app->ids[i])) return 0;
    return 1;
}

/* ---- Changes from the eraser ------------------------------------------------------------ */

/* W3C tilt (degrees) from altitude and azimuth, as quill_sample.tilt_x / tilt_y. */
static void tilt_of(double altitude, double azimuth, double *tilt_x, double *tilt_y) {
    double tan_altitude = tan(altitude);
    if (tan_altitude <= 0) {
        *tilt_x = fabs(cos(azimuth)) < 1e-12 ? 0 : (cos(azimuth) > 0 ? 90 : -90);
        *tilt_y = fabs(sin(azimuth)) < 1e-12 ? 0 : (sin(azimuth) > 0 ? 90 : -90);
        return;
    }
    *tilt_x = atan(cos(azimuth) / tan_altitude) * 180 / PI;
    *tilt_y = atan(sin(azimuth) / tan_altitude) * 180 / PI;
}

/* Stores the points of piece `id` from the engine; a piece that is already gone (a later change
   of the same batch erased it) is skipped. */
static void store_piece(struct app *app, int32_t id, double tilt_range) {
    size_t count = 0;
    int32_t ink = 0;
    for (;;) {
        int status = quill_engine_get_stroke_points(app->engine, id, app->point_buffer, app->point_capacity, &count, &ink);
        if (status == QUILL_OK) break;
        if (status == QUILL_ERROR_NOT_FOUND) return;
        if (status != QUILL_ERROR_BUFFER_TOO_SMALL) quill_fail(app, status, "quill_engine_get_stroke_points");
        grow(app, (void **)&app->point_buffer, &app->point_capacity, count, sizeof *app->point_buffer);
    }
    struct stroke *piece = stroke_for(app, id);
    piece->count = 0;
    piece->tilt_range = tilt_range;
    for (size_t i = 0; i < count; i++) {
        const struct quill_stroke_point *q = &app->point_buffer[i];
        double tilt_x = 0, tilt_y = 0;
        if (tilt_range > 0) tilt_of(q->altitude, q->azimuth, &tilt_x, &tilt_y);
        struct paint_point p = {
            .x = (float)q->x,
            .y = (float)q->y,
            .pressure = (float)(q->force / MAX_FORCE),
            .xtilt = (float)(tilt_range > 0 ? tilt_x / tilt_range : 0),
            .ytilt = (float)(tilt_range > 0 ? tilt_y / tilt_range : 0),
            .dtime = i ? q->time - app->point_buffer[i - 1].time : 0,
        };
        add_point(app, piece, p);
    }
}

/* Takes the engine's changes; repaints when there were any. */
static void take_changes(struct app *app) {
    struct quill_stroke_change change = {.size = sizeof(struct quill_stroke_change)};
    int changed = 0, status;
    while ((status = quill_engine_next_change(app->engine, &change)) == 1) {
        changed = 1;
        if (change.kind == QUILL_STROKE_ERASED) {
            app->erased++;
            drop_stroke(app, change.stroke);
        } else if (change.kind == QUILL_STROKE_SPLIT) {
            app->split++;
            const struct stroke *old = find_stroke(app, change.stroke);
            double tilt_range = old ? old->tilt_range : 0;
            drop_stroke(app, change.stroke);
            for (int32_t i = 0; i < change.piece_count; i++) store_piece(app, change.first_piece + i, tilt_range);
        }
        /* Kinds added later are about strokes too: the repaint below follows the engine's list. */
    }
    if (status < 0) quill_fail(app, status, "quill_engine_next_change");
    if (changed) repaint(app);
}

/* ---- Output ----------------------------------------------------------------------------- */

/* The surface's 15-bit premultiplied RGBA over white, as an RGBA PNG (Cairo ARGB32: premultiplied,
   one native-endian uint32 per pixel, alpha in the top byte). */
static void write_png(struct app *app, const char *path) {
    int width = mypaint_fixed_tiled_surface_get_width(app->surface);
    int height = mypaint_fixed_tiled_surface_get_height(app->surface);
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        const char *reason = cairo_status_to_string(cairo_surface_status(image));
        cairo_surface_destroy(image);
        fail(app, "cannot make the picture", reason);
    }
    cairo_surface_flush(image);
    unsigned char *data = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    MyPaintTiledSurface *tiled = (MyPaintTiledSurface *)app->surface;
    const uint32_t one = 1u << 15;
    for (int ty = 0; ty < tiles_across(height); ty++) {
        for (int tx = 0; tx < tiles_across(width); tx++) {
            MyPaintTileRequest request;
            mypaint_tile_request_init(&request, 0, tx, ty, TRUE);
            mypaint_tiled_surface_tile_request_start(tiled, &request);
            for (int y = 0; y < MYPAINT_TILE_SIZE && ty * MYPAINT_TILE_SIZE + y < height; y++) {
                uint32_t *row = (uint32_t *)(data + (size_t)(ty * MYPAINT_TILE_SIZE + y) * (size_t)stride);
                for (int x = 0; x < MYPAINT_TILE_SIZE && tx * MYPAINT_TILE_SIZE + x < width; x++) {
                    const uint16_t *pixel = request.buffer + (y * MYPAINT_TILE_SIZE + x) * 4;
                    uint32_t alpha = pixel[3] < one ? pixel[3] : one, channel[3];
                    for (int c = 0; c < 3; c++) {
                        uint32_t value = pixel[c] < alpha ? pixel[c] : alpha;  /* premultiplied: never above alpha */
                        channel[c] = ((value + one - alpha) * 255 + one / 2) >> 15; /* over white */
                    }
                    row[tx * MYPAINT_TILE_SIZE + x] = 0xff000000u | channel[0] << 16 | channel[1] << 8 | channel[2];
                }
            }
            mypaint_tiled_surface_tile_request_end(tiled, &request);
        }
    }
    cairo_surface_mark_dirty(image);
    cairo_status_t status = cairo_surface_write_to_png(image, path);
    cairo_surface_destroy(image);
    if (status != CAIRO_STATUS_SUCCESS) fail(app, cairo_status_to_string(status), path);
}

/* ---- Main ------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: paint_mypaint RECORDING OUT.png [BRUSH.myb | BRUSH-NAME]\n");
        return 2;
    }
    struct app app = {0};
    int status;
    load_brush(&app, argc > 3 ? argv[3] : DEFAULT_BRUSH);

    struct quill_source_options source_options = {
        .size = sizeof(struct quill_source_options),
        .canvas_width = CANVAS_WIDTH,
        .canvas_height = CANVAS_HEIGHT,
    };
    if ((status = quill_source_open_recording(argv[1], &source_options, &app.source)) < 0)
        quill_fail(&app, status, "quill_source_open_recording");
    struct quill_engine_options engine_options = {.size = sizeof(struct quill_engine_options), .ink = QUILL_INK_PEN};
    if ((status = quill_engine_new_for_source(app.source, 0, &engine_options, &app.engine)) < 0)
        quill_fail(&app, status, "quill_engine_new_for_source");

    app.surface = mypaint_fixed_tiled_surface_new(CANVAS_WIDTH, CANVAS_HEIGHT);
    if (!app.surface) fail(&app, "out of memory", NULL);
    clear_surface(app.surface);

    struct quill_tool_event tool = {.size = sizeof(struct quill_tool_event)};
    struct quill_sample sample = {.size = sizeof(struct quill_sample)};
    struct quill_stroke_update update = {.size = sizeof(struct quill_stroke_update)};
    for (;;) {
        while ((status = quill_source_next_tool_event(app.source, &tool)) == 1) {
            /* A tool came near: a fresh brush (paint_point also starts each stroke afresh: one
               proximity can hold several strokes, and the brush never sees the hover between them). */
            if (tool.device == 0 && tool.kind == QUILL_PROXIMITY_IN) mypaint_brush_reset(app.brush);
        }
        if (status < 0) quill_fail(&app, status, "quill_source_next_tool_event");
        if ((status = quill_source_next_sample(app.source, &sample)) < 0) quill_fail(&app, status, "quill_source_next_sample");
        if (status == 0) break;
        if (sample.device != 0) continue; /* the engine draws device 0's pen */

        if ((status = quill_engine_add_sample(app.engine, &sample, &update)) < 0) quill_fail(&app, status, "quill_engine_add_sample");
        if (status == 1 && !update.erasing) {
            struct stroke *stroke = stroke_for(&app, update.stroke_id);
            struct paint_point p = {
                .x = (float)update.x,
                .y = (float)update.y,
                .pressure = (float)sample.pressure,
                .xtilt = (float)(sample.tilt_range > 0 ? sample.tilt_x / sample.tilt_range : 0),
                .ytilt = (float)(sample.tilt_range > 0 ? sample.tilt_y / sample.tilt_range : 0),
                .dtime = stroke->count ? update.time - stroke->last_time : 0,
            };
            stroke->last_time = update.time;
            stroke->tilt_range = sample.tilt_range;
            add_point(&app, stroke, p);
            paint_point(&app, stroke, stroke->count - 1);
        }
        take_changes(&app);
    }
    if ((status = quill_engine_finish(app.engine)) < 0) quill_fail(&app, status, "quill_engine_finish");
    take_changes(&app);
    if (!in_step(&app)) repaint(&app);

    write_png(&app, argv[2]);
    printf("strokes %zu erased %ld split %ld\n", stroke_ids(&app), app.erased, app.split);
    cleanup(&app);
    return 0;
}
