/*
 * quill.h — Quill's C interface (libquill, pkg-config name "quill").
 *
 * Quill turns Linux pen-tablet input (a live evdev node, or a recording: evemu or
 * `libinput record` YAML) into pen samples in the Apple Pencil model, smooths and predicts
 * strokes into brush geometry, recognizes double tap and squeeze, and places a canvas and its
 * palette by size class. This header is the whole C API; it compiles as C11 and C++17.
 *
 * Conventions
 *  - Every function that can fail returns an int: QUILL_OK (0) or a negative quill_status;
 *    functions that hand out items return 1 (one written) or 0 (none now). quill_strerror()
 *    names a status, quill_last_error() gives the last failure's message on this thread
 *    (file, line or event and what was expected).
 *  - Handles are opaque; each quill_…_new or _open has a matching _free or _close. A handle is used by
 *    one thread at a time; libquill starts no threads of its own.
 *  - Structs begin with `uint32_t size`: the caller sets it to sizeof(struct …) from the header
 *    it compiled against. Later versions only append fields, so an older caller keeps working:
 *    QUILL_<STRUCT>_SIZE_V1 is a struct's size in the first version (0.4.0), _V2 … the size
 *    after each later append (see "Struct versions" below). A size below _V1 is
 *    QUILL_ERROR_INVALID_ARGUMENT. Otherwise libquill reads and writes the fields of the newest
 *    version that fits in `size`: of a struct it reads, the fields the caller's header lacks take
 *    their defaults (every appended field's default is 0); into a struct it fills, it writes no
 *    byte past `size` and leaves `size` as the caller set it. A larger size (a newer header) is
 *    accepted: the fields this library knows are read or written, the rest left alone.
 *    Options pointers may be NULL: every default.
 *  - Output buffers belong to the caller. Units: seconds, millimetres (tablet), points
 *    (canvas units: the iPad's point), radians.
 */
#ifndef QUILL_H
#define QUILL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of the library, "MAJOR.MINOR.PATCH" (semantic versioning; the same as `quill --version` and quill.pc). */
const char *quill_version(void);

/** Status codes: 0 is success, errors are negative. */
enum quill_status {
    QUILL_OK = 0,
    QUILL_ERROR_INVALID_ARGUMENT = -1, /**< NULL where a value is needed, a bad size field, a parameter out of its range */
    QUILL_ERROR_IO = -2,               /**< a file or device node could not be opened or read */
    QUILL_ERROR_FORMAT = -3,           /**< a recording that breaks its format */
    QUILL_ERROR_BUFFER_TOO_SMALL = -4, /**< the caller's buffer is too small: the counts say what is needed */
    QUILL_ERROR_NOT_FOUND = -5,        /**< no such device (layout catalogue, tablet node) */
    QUILL_ERROR_PERMISSION = -6,       /**< no permission to open a device node (the `input` group) */
    QUILL_ERROR_NOT_A_PEN = -7,        /**< the node is a pad, touchscreen or other device: no pen samples */
    QUILL_ERROR_DEVICE_GONE = -8       /**< a live source's device went away: unplugged, or its fd revoked (logind's
                                            EVIOCREVOKE). Added after 0.4.0, which said QUILL_ERROR_IO */
};

/** A constant English description of a status ("invalid argument", …); never NULL. */
const char *quill_strerror(int status);

/** The message of the last failure on this thread, "" when none. Valid until the next failing call on this thread. */
const char *quill_last_error(void);

/*
 * Struct versions. Each struct that begins with `uint32_t size` has its first version's size,
 * the size sizeof gives for the struct in 0.4.0's quill.h, and one more size per later append
 * (sizes for LP64 — x86_64, aarch64 — the platforms libquill is built for). A field appended
 * later starts at or past the previous version's size (never in its tail padding, which an older
 * caller need not have zeroed) and its default is 0.
 */
#define QUILL_SAMPLE_SIZE_V1 128
#define QUILL_SAMPLE_SIZE_V2 152 /**< + tilt_x, tilt_y, tilt_range (after 0.4.0) */
#define QUILL_SOURCE_OPTIONS_SIZE_V1 40
#define QUILL_SOURCE_OPTIONS_SIZE_V2 48 /**< + proximity_timeout (after 0.4.0) */
#define QUILL_SOURCE_OPTIONS_SIZE_V3 136 /**< + pressure_curve, calibration, mapping_mode (after 0.4.0) */
#define QUILL_PAD_EVENT_SIZE_V1 48
#define QUILL_ENGINE_OPTIONS_SIZE_V1 64
#define QUILL_ENGINE_OPTIONS_SIZE_V2 80 /**< + eraser, eraser_radius (after 0.4.0) */
#define QUILL_ENGINE_OPTIONS_SIZE_V3 88 /**< + shapes_off, editing_gestures_off (after 0.4.0) */
#define QUILL_ENGINE_OPTIONS_SIZE_V4 104 /**< + prediction_horizon, adaptive_prediction_off (after 0.4.0) */
#define QUILL_STROKE_UPDATE_SIZE_V1 96
#define QUILL_STROKE_UPDATE_SIZE_V2 112 /**< + stroke_id, erasing, change_count (after 0.4.0) */
#define QUILL_STROKE_CHANGE_SIZE_V1 32 /**< after 0.4.0 */
#define QUILL_TOOL_EVENT_SIZE_V1 40 /**< after 0.4.0 */
#define QUILL_TOOLKIT_EVENT_SIZE_V1 80
#define QUILL_GESTURE_PREFERENCES_SIZE_V1 12
#define QUILL_GESTURE_OUTCOME_SIZE_V1 88
#define QUILL_GESTURE_OUTCOME_SIZE_V2 128 /**< + number, changes, button, width_before, width_after (after 0.4.0) */
#define QUILL_GESTURE_OUTCOME_SIZE_V3 136 /**< + ink_before, ink_after (after 0.4.0) */
#define QUILL_LAYOUT_SIZE_V1 120
#define QUILL_LAYOUT_SIZE_V2 128 /**< + scale (after 0.4.0) */
#define QUILL_TOUCH_SIZE_V1 104 /**< after 0.4.0 */
#define QUILL_FINGER_GESTURE_SIZE_V1 224 /**< after 0.4.0; its `ink` a QUILL_SAMPLE_SIZE_V1 sample */
#define QUILL_FINGER_GESTURE_SIZE_V2 248 /**< its `ink` a QUILL_SAMPLE_SIZE_V2 sample (after 0.4.0) */

/** A rectangle in canvas or window points. */
struct quill_rect {
    double x, y, width, height; /**< points */
};

/* ---------------------------------------------------------------------------------------- */
/* Samples                                                                                   */

/** Where the tool is in its stroke. */
enum quill_phase {
    QUILL_PHASE_HOVER = 0,
    QUILL_PHASE_BEGAN = 1,
    QUILL_PHASE_MOVED = 2,
    QUILL_PHASE_ENDED = 3,
    QUILL_PHASE_CANCELLED = 4
};

/** The tool (BTN_TOOL_*). */
enum quill_tool {
    QUILL_TOOL_PEN = 0,
    QUILL_TOOL_ERASER = 1,
    QUILL_TOOL_BRUSH = 2,
    QUILL_TOOL_PENCIL = 3,
    QUILL_TOOL_AIRBRUSH = 4,
    QUILL_TOOL_MOUSE = 5,
    QUILL_TOOL_LENS = 6
};

/** Barrel buttons held (bits of quill_sample.buttons). */
enum quill_button {
    QUILL_BUTTON_STYLUS = 1u << 0,  /**< BTN_STYLUS */
    QUILL_BUTTON_STYLUS2 = 1u << 1, /**< BTN_STYLUS2 */
    QUILL_BUTTON_STYLUS3 = 1u << 2  /**< BTN_STYLUS3 */
};

/** One pen sample, as `quill samples` prints it. */
struct quill_sample {
    uint32_t size;     /**< sizeof(struct quill_sample) */
    int32_t device;    /**< which device of the source, 0, 1, … */
    double time;       /**< seconds from the source's start */
    double x, y;       /**< canvas points, y down */
    double x_mm, y_mm; /**< millimetres from the tablet's active area's top-left */
    int32_t phase;     /**< enum quill_phase */
    int32_t tool;      /**< enum quill_tool */
    double force;      /**< 0 … 25/6 (1 = an average touch) */
    double pressure;   /**< 0 … 1; 0 when not touching */
    double altitude;   /**< radians, 0 (flat) … π/2 (upright) */
    double azimuth;    /**< radians, 0 … 2π clockwise from +x */
    double roll;       /**< radians, −π … π (Art Pen barrel rotation) */
    double distance;   /**< 0 (touching) … 1 (edge of range) */
    double wheel;      /**< −1 … 1, the airbrush wheel */
    uint32_t buttons;  /**< enum quill_button bits */
    uint32_t serial;   /**< tool serial, 0 = none */
    uint32_t tool_id;  /**< libwacom stylus id, 0 = none */
    /* QUILL_SAMPLE_SIZE_V1 ends here (0.4.0). */
    double tilt_x;     /**< degrees −90 … 90, W3C Pointer Events tiltX: positive leans the pen's top toward +x (what MyPaint,
                            GTK, Qt and libinput take); 0 upright. Sources fill it; the engine and gestures read altitude and
                            azimuth, not these (after 0.4.0) */
    double tilt_y;     /**< degrees −90 … 90, tiltY: positive leans the top toward +y (the bottom edge) */
    double tilt_range; /**< degrees: the largest tilt the device reports on either axis (64 for Wacom pens), 0 for a pen without
                            tilt: tilt_x / tilt_range is MyPaint's xtilt (−1 … 1) */
};

/* ---------------------------------------------------------------------------------------- */
/* Sources: recordings and live tablets                                                      */

typedef struct quill_source quill_source;

/** How a tablet's area is placed on the canvas, as `quill --mapping` (after 0.4.0). */
enum quill_mapping_mode {
    QUILL_MAPPING_FIT = 0,    /**< the whole area, undistorted, as large as fits, centred (letterbox or pillarbox): the default */
    QUILL_MAPPING_FILL = 1,   /**< undistorted, covering the whole canvas, centred (the area's excess is cropped) */
    QUILL_MAPPING_STRETCH = 2 /**< the area's corners on the canvas's corners (the aspect ratio changes) */
};

/** How a source maps the tablet and reads. Zero fields take the defaults. */
struct quill_source_options {
    uint32_t size;         /**< sizeof(struct quill_source_options) */
    double canvas_width;   /**< points; 0 = 1366 (12.9" iPad Pro, landscape) */
    double canvas_height;  /**< points; 0 = 1024 */
    const char *device_file; /**< recordings: the .desc of a header-less evemu file, or NULL */
    int32_t left_handed;   /**< 1: the tablet turned 180° */
    /* QUILL_SOURCE_OPTIONS_SIZE_V1 ends here (0.4.0). */
    double proximity_timeout; /**< seconds without events after which a hovering pen of a tablet that needs it (no proximity
                                   keys, or not a Wacom) is taken out of proximity; 0 = 0.05, as libinput (after 0.4.0) */
    /* QUILL_SOURCE_OPTIONS_SIZE_V2 ends here. */
    double pressure_curve[4]; /**< x1, y1, x2, y2: the control points of the cubic Bézier from (0, 0) to (100, 100) that maps
                                   pressure, in percent 0 … 100, as `quill --pressure-curve` and GNOME's pressure-curve
                                   (0, 50, 50, 100: softer). All 0 = linear (after 0.4.0) */
    double calibration[6];    /**< a, b, c, d, e, f: libinput's calibration matrix on positions normalized to the tablet's range
                                   (x' = a·x + b·y + c, y' = d·x + e·y + f), as `quill --calibration`. All 0 = identity (after 0.4.0) */
    int32_t mapping_mode;     /**< enum quill_mapping_mode: how the tablet's area is placed on the canvas (after 0.4.0) */
    int32_t reserved;         /**< 0 */
};

/**
 * Opens a recording (evemu or `libinput record` YAML; the format is found from the content).
 * Its samples are all available at once: no fd to wait on (quill_source_get_fd gives -1). It is
 * read as its getters take it: memory stays flat whatever the file's size.
 */
int quill_source_open_recording(const char *path, const struct quill_source_options *options, quill_source **source);

/**
 * Opens a live tablet's pen node (e.g. "/dev/input/event13") through libevdev, read the way a
 * recording is replayed. NULL takes the first pen tablet. QUILL_ERROR_NOT_A_PEN for pads and
 * touch nodes, QUILL_ERROR_PERMISSION without access to /dev/input.
 */
int quill_source_open_device(const char *node, const struct quill_source_options *options, quill_source **source);

/**
 * Opens the live tablet node the caller has opened: libinput's open_restricted role, for
 * sandboxed apps and compositors that get the fd from a portal or logind. The fd stays the
 * caller's: libquill reads a duplicate of it (F_DUPFD_CLOEXEC), which quill_source_close closes,
 * and the caller closes its own fd whenever it likes. The two share one open file: libquill sets
 * O_NONBLOCK on it if it was missing (open it O_RDONLY | O_NONBLOCK, as libinput asks), and
 * quill_source_get_fd gives the duplicate. A pen or pad node as quill_source_open_device;
 * QUILL_ERROR_INVALID_ARGUMENT for a negative or closed fd or one that is not a character device,
 * QUILL_ERROR_IO for a character device that is not an evdev node. Added after 0.4.0.
 */
int quill_source_open_fd(int fd, const struct quill_source_options *options, quill_source **source);

/** The fd to poll for input (POLLIN), -1 for a recording or while the device is away (it changes
 *  when an unplugged node comes back: ask again after each dispatch). It belongs to the source:
 *  never close it. */
int quill_source_get_fd(const quill_source *source);

/**
 * Reads what is pending without blocking and decodes it; call it when the fd is readable and
 * when quill_source_get_timeout's time has passed (for a recording it does nothing and returns
 * QUILL_OK). Then take the samples with
 * quill_source_next_sample. Returns QUILL_OK, or an error: QUILL_ERROR_DEVICE_GONE when the
 * tablet was unplugged (or its fd revoked) — its open stroke ends as cancelled (take that sample
 * still), and every dispatch says QUILL_ERROR_DEVICE_GONE while it is away. A source opened by
 * path (quill_source_open_device) looks for its node again every 0.2 s (keep calling dispatch by
 * quill_source_get_timeout): once it is back, dispatch returns QUILL_OK, the samples go on in the
 * same clock, and quill_source_get_fd gives the node's new fd (poll that one). A source opened
 * from an fd (quill_source_open_fd) stays gone: open a new source on the new fd.
 */
int quill_source_dispatch(quill_source *source);

/** Milliseconds until quill_source_dispatch must run even without input (a hovering pen's proximity timer), or -1 for none. */
int quill_source_get_timeout(const quill_source *source);

/** Takes the next sample: 1 when *sample was written, 0 when none is waiting (a recording: its end). */
int quill_source_next_sample(quill_source *source, struct quill_sample *sample);

/** What a pad event is. */
enum quill_pad_kind {
    QUILL_PAD_BUTTON = 0, /**< an ExpressKey: `pressed` 1 or 0 */
    QUILL_PAD_RING = 1,   /**< a touch ring: `value` degrees 0 … <360 clockwise from the top, −1 when the finger leaves */
    QUILL_PAD_STRIP = 2   /**< a touch strip: `value` 0 … 1, −1 when the finger leaves */
};

/** One pad event (libinput's numbering of buttons, rings and strips). */
struct quill_pad_event {
    uint32_t size;      /**< sizeof(struct quill_pad_event) */
    int32_t device;     /**< which device of the source */
    double time;        /**< seconds, the samples' clock */
    int32_t kind;       /**< enum quill_pad_kind */
    int32_t number;     /**< button, ring or strip number */
    int32_t pressed;    /**< buttons: 1 pressed, 0 released */
    double value;       /**< rings: degrees; strips: 0 … 1; −1: the finger left */
    int32_t mode_group; /**< the mode group it belongs to */
    int32_t mode;       /**< the group's mode after this event */
};

/** Takes the next pad event of a pad node or a recording with a pad: 1 when *event was written, 0 when none. */
int quill_source_next_pad_event(quill_source *source, struct quill_pad_event *event);

/** Where a finger stands in its touch (after 0.4.0). */
enum quill_touch_phase {
    QUILL_TOUCH_BEGAN = 0,
    QUILL_TOUCH_MOVED = 1,
    QUILL_TOUCH_ENDED = 2,
    QUILL_TOUCH_CANCELLED = 3 /**< taken away before it lifted (palm rejection, the device went away): undo what it did */
};

/**
 * One finger of a touchscreen or of an opaque tablet's touchpad (after 0.4.0). A touch that palm
 * rejection cancelled or ignored is still given, with `rejected` 1: show it if you like, never act
 * on it (quill_gestures_add_touch ignores it).
 */
struct quill_touch {
    uint32_t size;       /**< sizeof(struct quill_touch) */
    int32_t device;      /**< which device of the source */
    double time;         /**< seconds, the samples' clock */
    int32_t id;          /**< seat-wide touch number (libinput's seat slot), kept until it ends */
    int32_t slot;        /**< the node's multitouch slot */
    int32_t tracking_id; /**< the kernel's tracking id (−1 when libinput gave the touch) */
    int32_t phase;       /**< enum quill_touch_phase */
    double x, y;         /**< canvas points, y down */
    double x_mm, y_mm;   /**< millimetres from the touch surface's top-left */
    double major_mm;     /**< contact size, millimetres; NaN when the node does not report it */
    double minor_mm;
    double pressure;     /**< 0 … 1; NaN when the node has none */
    int32_t direct;      /**< 1 for a touchscreen, 0 for a touchpad */
    int32_t rejected;    /**< 1: palm rejection took it (it never draws, never taps) */
    int32_t frame_end;   /**< 1 on the last touch of a frame (the touches that changed together): hand the
                              touches to quill_gestures_add_touch as they come; a frame's end moves the canvas transform */
};

/**
 * Takes the next touch of a touchscreen or touchpad (a live touch node, or a recording's touch
 * devices, palm rejection applied between the pen and touch nodes of one tablet): 1 when *touch
 * was written, 0 when none. Added after 0.4.0.
 */
int quill_source_next_touch(quill_source *source, struct quill_touch *touch);

/** What a tool event is (after 0.4.0). */
enum quill_tool_event_kind {
    QUILL_PROXIMITY_IN = 0, /**< a tool came into proximity: its first sample follows (reset the brush; `tool` says which end) */
    QUILL_PROXIMITY_OUT = 1 /**< the tool left: its last sample came before */
};

/** A tool coming into or leaving proximity of a pen device (after 0.4.0). */
struct quill_tool_event {
    uint32_t size;         /**< sizeof(struct quill_tool_event) */
    int32_t device;        /**< which device of the source */
    double time;           /**< seconds, the samples' clock */
    int32_t kind;          /**< enum quill_tool_event_kind */
    int32_t tool;          /**< enum quill_tool */
    int32_t tool_changed;  /**< QUILL_PROXIMITY_IN: 1 when the tool differs from the one last in proximity of this device (the pen
                                turned to its eraser end, another pen), 0 for the same tool again or the first */
    int32_t forced;        /**< QUILL_PROXIMITY_OUT: 1 when no event said so and a silent hovering pen was taken out after
                                proximity_timeout (libinput's 50 ms) */
    uint32_t serial;       /**< the tool's serial, 0 = none (QUILL_PROXIMITY_IN; 0 on QUILL_PROXIMITY_OUT) */
    uint32_t tool_id;      /**< libwacom stylus id, 0 = none (likewise) */
};

/**
 * Takes the next proximity event, in order with the samples: it gives only the events that come
 * before the next sample not yet taken. So take every tool event before each sample:
 *
 *     for (;;) {
 *         while (quill_source_next_tool_event(source, &tool) == 1) { ... }
 *         if (quill_source_next_sample(source, &sample) != 1) break;
 *         ...
 *     }
 *
 * 1 when *event was written, 0 when none comes before the next sample. A caller that takes only
 * samples does not pile them up: of the events its samples have passed, the newest 1 024 are kept.
 * Added after 0.4.0.
 */
int quill_source_next_tool_event(quill_source *source, struct quill_tool_event *event);

/** Ends a live source's input (the app stops reading): a tip still down gets its `ended` sample, to take with quill_source_next_sample. Nothing for a recording (its end is already in its samples). */
int quill_source_finish(quill_source *source);

/** The tablet's active area in millimetres, of device 0 (a source with several devices: give each engine its own device's area,
 *  or use quill_engine_new_for_source). */
int quill_source_get_area(const quill_source *source, double *width_mm, double *height_mm);

/** Closes the source (and its node). NULL is ignored. */
void quill_source_close(quill_source *source);

/* ---------------------------------------------------------------------------------------- */
/* Stroke engine: smoothing, prediction, brush geometry                                      */

/** PencilKit's inks. */
enum quill_ink {
    QUILL_INK_PEN = 0,
    QUILL_INK_PENCIL = 1,
    QUILL_INK_MARKER = 2,
    QUILL_INK_MONOLINE = 3,
    QUILL_INK_FOUNTAIN_PEN = 4,
    QUILL_INK_WATERCOLOR = 5,
    QUILL_INK_CRAYON = 6,
    QUILL_INK_ERASER = 7 /**< not an ink: the tool erases (what a double tap to the eraser selects; quill_engine_set_ink takes it to
                              make the pen end erase, quill_gesture_outcome.ink_after names it). After 0.4.0 */
};

/** How the engine's eraser erases the strokes it keeps (after 0.4.0). */
enum quill_eraser {
    QUILL_ERASER_BITMAP = 0, /**< only what it touches: a stroke it crosses is split into pieces (PencilKit's bitmap eraser; `quill render`'s default) */
    QUILL_ERASER_VECTOR = 1, /**< whole strokes it touches (PencilKit's vector eraser) */
    QUILL_ERASER_NONE = 2    /**< the engine keeps no strokes (memory flat however long the input) and erases nothing: eraser
                                  samples still draw no ink, their updates say `erasing` and the app erases */
};

struct quill_engine_options {
    uint32_t size;            /**< sizeof(struct quill_engine_options) */
    int32_t ink;              /**< enum quill_ink */
    double width;             /**< points, within the ink's range; 0 = the ink's default */
    double area_width_mm;     /**< the tablet's active area (quill_source_get_area) */
    double area_height_mm;
    double canvas_width;      /**< points; 0 = 1366 */
    double canvas_height;     /**< points; 0 = 1024 */
    int32_t smoothing_off;    /**< 1: draw the raw positions (default 0: smoothed) */
    int32_t prediction_off;   /**< 1: no predicted tip (the predicted point is the last point) */
    int32_t records_path;     /**< ignored since 0.4.0's successor: the strokes are kept for the eraser unless `eraser` is QUILL_ERASER_NONE */
    int32_t reserved;         /**< 0: 0.4.0's tail padding, named so that the fields after it start past QUILL_ENGINE_OPTIONS_SIZE_V1 */
    /* QUILL_ENGINE_OPTIONS_SIZE_V1 ends here (0.4.0). */
    int32_t eraser;           /**< enum quill_eraser; 0 = QUILL_ERASER_BITMAP (after 0.4.0) */
    double eraser_radius;     /**< points; 0 = 8 (after 0.4.0) */
    /* QUILL_ENGINE_OPTIONS_SIZE_V2 ends here. */
    int32_t shapes_off;       /**< 1: no hold to snap (default 0: a stroke whose tip rested ≥ 0.45 s within 1 mm before
                                   lifting becomes its shape, as `quill shapes` reads it) */
    int32_t editing_gestures_off; /**< 1: a scratch-out over ink is ink (default 0: it erases the strokes it covers, which
                                       quill_engine_next_change reports, and is not kept) */
    /* QUILL_ENGINE_OPTIONS_SIZE_V3 ends here. */
    double prediction_horizon;    /**< seconds ahead the tip is predicted, 0.008 … 0.034; 0 = 1/60 (one frame at 60 Hz), as
                                       `quill strokes --horizon` (after 0.4.0) */
    int32_t adaptive_prediction_off; /**< 1: the Kalman filter's prediction alone, as `quill strokes --no-adaptive-prediction`
                                          (default 0: the weights of its prediction and the last velocities are learnt from the
                                          pen's own samples, kept from stroke to stroke; ≈ 0.15 µs a sample) (after 0.4.0) */
    int32_t reserved2;            /**< 0 */
};

typedef struct quill_engine quill_engine;

/** What the engine shows after one sample in contact. */
struct quill_stroke_update {
    uint32_t size;          /**< sizeof(struct quill_stroke_update) */
    int32_t stroke;         /**< stroke index over the engine's life, from 0, ink and eraser strokes alike (stroke_id names the
                                 drawing's strokes) */
    double time;            /**< the sample's time, seconds */
    double x, y;            /**< the smoothed point, canvas points */
    double width;           /**< the mark's width there, points */
    double predicted_x;     /**< where the tip is predicted to be prediction_horizon seconds later (default 1/60 s: one frame at 60 Hz), canvas points */
    double predicted_y;
    int32_t is_end;         /**< 1 on the sample that ends the stroke */
    int32_t has_dirty;      /**< 1 when this sample committed geometry: redraw `dirty` (and the old and new tail) */
    struct quill_rect dirty; /**< the canvas region of the geometry this sample committed, points */
    /* QUILL_STROKE_UPDATE_SIZE_V1 ends here (0.4.0). */
    int32_t stroke_id;      /**< the ink stroke's stable id in the engine's drawing (what quill_stroke_change and
                                 quill_engine_get_stroke name), −1 for an eraser stroke (after 0.4.0) */
    int32_t erasing;        /**< 1: an eraser sample (the eraser end, or the pen end after quill_engine_set_ink(QUILL_INK_ERASER)):
                                 no ink; x, y the eraser's point and width its diameter */
    int32_t change_count;   /**< stroke changes waiting for quill_engine_next_change (the eraser acts when its stroke ends) */
    int32_t reserved;       /**< 0 */
};

/** What the eraser did to a kept stroke (after 0.4.0). */
enum quill_stroke_change_kind {
    QUILL_STROKE_ERASED = 0, /**< the stroke is gone: remove it */
    QUILL_STROKE_SPLIT = 1   /**< the stroke is gone and its pieces stand in its place (one piece: trimmed): draw them with
                                  quill_engine_get_stroke or quill_engine_get_stroke_points */
};

/** One change of the engine's drawing, by stable stroke id (after 0.4.0). */
struct quill_stroke_change {
    uint32_t size;        /**< sizeof(struct quill_stroke_change) */
    int32_t kind;         /**< enum quill_stroke_change_kind */
    int32_t stroke;       /**< the stroke's id (quill_stroke_update.stroke_id when it was drawn, or an earlier piece's) */
    int32_t first_piece;  /**< QUILL_STROKE_SPLIT: the pieces' ids are first_piece … first_piece + piece_count − 1, in painting order; −1 otherwise */
    int32_t piece_count;  /**< 0 for QUILL_STROKE_ERASED */
    double time;          /**< seconds: the end of the eraser stroke that did it */
};

/**
 * A point of a kept stroke: where the engine drew it (smoothed), as PencilKit's PKStrokePoint: one
 * per ink update of the stroke, with that update's point (after 0.4.0).
 */
struct quill_stroke_point {
    double x, y;     /**< canvas points */
    double time;     /**< seconds from the stroke's start (a piece the eraser left: from its stroke's start) */
    double width;    /**< the mark's width, points */
    double opacity;  /**< 0 … 2 (1: the ink's own) */
    double force;    /**< 0 … 25/6 */
    double azimuth;  /**< radians, 0 … 2π */
    double altitude; /**< radians, 0 … π/2 */
    double pressure; /**< 0 … 1: force / (25/6) */
    double tilt_x;   /**< degrees, W3C tiltX (as quill_sample.tilt_x; divide by the samples' tilt_range for MyPaint) */
    double tilt_y;   /**< degrees, W3C tiltY */
};

/** A geometry vertex: canvas points and opacity 0 … 1. */
struct quill_vertex {
    double x, y, opacity;
};

/**
 * Creates an engine. QUILL_ERROR_INVALID_ARGUMENT (with the reason in quill_last_error) for a
 * width outside the ink's range, an empty area or a prediction_horizon outside 0.008 … 0.034 s. The engine draws from each sample's x_mm and
 * y_mm (the tablet's millimetres, mapped onto the canvas as the source maps them), never from x
 * and y: a sample made from toolkit points comes from quill_toolkit_sample, which fills both.
 * A source's samples: prefer quill_engine_new_for_source, which takes the source's area and canvas.
 */
int quill_engine_new(const struct quill_engine_options *options, quill_engine **engine);

/**
 * Creates an engine for the samples of `device` (0, 1, …) of `source`: its tablet area and
 * canvas are the source's (quill_source_options' canvas), so the ink lands where the samples'
 * x and y are. `options` gives the ink, width, eraser and switches; its area and canvas fields
 * must be 0 or equal to the source's, else QUILL_ERROR_INVALID_ARGUMENT names both. NULL
 * options: the pen ink. QUILL_ERROR_NOT_FOUND when the device is not a pen of the source.
 * Added after 0.4.0.
 */
int quill_engine_new_for_source(const quill_source *source, int32_t device, const struct quill_engine_options *options, quill_engine **engine);

/**
 * Adds a sample: 1 when it is in contact and *update (may be NULL) was written, 0 for hover
 * samples and samples the engine skips (non-finite values). A sample of the eraser end (tool
 * QUILL_TOOL_ERASER), or of any end after quill_engine_set_ink(QUILL_INK_ERASER), draws no ink: its
 * update says `erasing`, and when its stroke ends the strokes it crossed are erased or split
 * (quill_engine_next_change).
 */
int quill_engine_add_sample(quill_engine *engine, const struct quill_sample *sample, struct quill_stroke_update *update);

/** As quill_engine_add_sample, with the platform's own prediction of the tip (`predicted`'s x_mm, y_mm) instead of Quill's. */
int quill_engine_add_sample_predicted(quill_engine *engine, const struct quill_sample *sample, const struct quill_sample *predicted,
                                      struct quill_stroke_update *update);

/**
 * Takes the brush geometry committed since the last call: triangles over the vertices (indices
 * into this call's vertices). Copies nothing and returns QUILL_ERROR_BUFFER_TOO_SMALL, with the
 * counts needed in *vertex_count and *index_count, when a buffer is too small (call again); with
 * NULL buffers and capacities 0 that is how to ask for the counts.
 */
int quill_engine_take_geometry(quill_engine *engine, struct quill_vertex *vertices, size_t vertex_capacity, size_t *vertex_count,
                               uint32_t *indices, size_t index_capacity, size_t *index_count);

/** Ends an open stroke (end of input). */
int quill_engine_finish(quill_engine *engine);

/**
 * Changes the ink (a tool change): at once between strokes, from the next stroke while one is
 * drawn. width 0 = the ink's default. QUILL_INK_ERASER makes every end erase (width ignored)
 * until another ink is set: hand it quill_gesture_outcome.ink_after and width_after when an
 * outcome has QUILL_CHANGE_TOOL.
 */
int quill_engine_set_ink(quill_engine *engine, int32_t ink, double width);

/**
 * Takes the next change of the drawing, in order: 1 when *change was written, 0 when none. Changes
 * come when an eraser stroke ends (after the quill_engine_add_sample of its last sample, or
 * quill_engine_finish); a piece one change names may be erased by a later one (then
 * quill_engine_get_stroke says QUILL_ERROR_NOT_FOUND for it). Values of enum
 * quill_stroke_change_kind are only appended. Added after 0.4.0.
 */
int quill_engine_next_change(quill_engine *engine, struct quill_stroke_change *change);

/**
 * The ids of the strokes the engine keeps, in painting order (after the eraser: pieces in their
 * strokes' places), the stroke being drawn not among them until it ends; with NULL and capacity 0,
 * only *count. QUILL_ERROR_BUFFER_TOO_SMALL with
 * *count when `ids` is too small. Added after 0.4.0.
 */
int quill_engine_get_stroke_ids(const quill_engine *engine, int32_t *ids, size_t capacity, size_t *count);

/**
 * The whole geometry of kept stroke `stroke_id` (a piece the eraser left, say), as
 * quill_engine_take_geometry gives it: the same buffer rules. QUILL_ERROR_NOT_FOUND for an id the
 * drawing does not hold (erased, or never given). Added after 0.4.0.
 */
int quill_engine_get_stroke(const quill_engine *engine, int32_t stroke_id, struct quill_vertex *vertices, size_t vertex_capacity,
                            size_t *vertex_count, uint32_t *indices, size_t index_capacity, size_t *index_count);

/**
 * The points of kept stroke `stroke_id` and its ink (enum quill_ink; `ink` may be NULL): for an
 * app that draws strokes with its own brush (MyPaint's, say). The same buffer rules and
 * QUILL_ERROR_NOT_FOUND as quill_engine_get_stroke. Added after 0.4.0.
 */
int quill_engine_get_stroke_points(const quill_engine *engine, int32_t stroke_id, struct quill_stroke_point *points, size_t capacity,
                                   size_t *count, int32_t *ink);

/**
 * A copy of the engine with all its state, mid-stroke included: keep it to go back (undo of a
 * stroke in progress, as ink-stroke-modeler's save/restore) — free the one you no longer need.
 */
int quill_engine_clone(const quill_engine *engine, quill_engine **copy);

/** Strokes begun so far. */
int quill_engine_stroke_count(const quill_engine *engine);

void quill_engine_free(quill_engine *engine);

/* ---------------------------------------------------------------------------------------- */
/* Toolkit input: GTK 4 (GtkGestureStylus), Qt (QTabletEvent) events as samples              */

/** One toolkit pen event. NaN marks what the device does not report. */
struct quill_toolkit_event {
    uint32_t size;      /**< sizeof(struct quill_toolkit_event) */
    double x, y;        /**< window points, y down */
    double time;        /**< seconds, increasing */
    int32_t touching;   /**< 1 while the tip is on the surface (button press … release) */
    double pressure;    /**< 0 … 1, or NaN (then 1 while touching) */
    double tilt_x;      /**< degrees −90 … 90, or NaN (upright) */
    double tilt_y;      /**< degrees −90 … 90, or NaN */
    double rotation;    /**< barrel rotation, degrees, or NaN */
    int32_t tool;       /**< enum quill_tool */
    uint32_t buttons;   /**< enum quill_button bits */
};

typedef struct quill_toolkit quill_toolkit;

/**
 * An adapter for a window of window_width × window_height points on a screen showing
 * points_per_mm points per millimetre (96 dpi: 3.78): samples in true millimetres, so the engine's
 * tuning holds, and in the window's own points. Give the engine quill_toolkit_get_area's size and
 * the window as its canvas: it then draws where the pointer was.
 */
int quill_toolkit_new(double points_per_mm, double window_width, double window_height, quill_toolkit **toolkit);

/** The sample for one event (phase from the touching flag). QUILL_ERROR_INVALID_ARGUMENT for a value out of its range (never clamped). */
int quill_toolkit_sample(quill_toolkit *toolkit, const struct quill_toolkit_event *event, struct quill_sample *sample);

/** The window's size in millimetres (the engine's area). */
int quill_toolkit_get_area(const quill_toolkit *toolkit, double *width_mm, double *height_mm);

void quill_toolkit_free(quill_toolkit *toolkit);

/* ---------------------------------------------------------------------------------------- */
/* Gestures: double tap, squeeze, buttons, the eraser end, pad and puck bindings             */

/** The person's preferred actions (iPadOS Settings › Apple Pencil). */
enum quill_action {
    QUILL_ACTION_IGNORE = 0,
    QUILL_ACTION_SWITCH_ERASER = 1,
    QUILL_ACTION_SWITCH_PREVIOUS = 2,
    QUILL_ACTION_SHOW_COLOR_PALETTE = 3,
    QUILL_ACTION_SHOW_INK_ATTRIBUTES = 4,
    QUILL_ACTION_SHOW_CONTEXTUAL_PALETTE = 5,
    QUILL_ACTION_RUN_SYSTEM_SHORTCUT = 6
};

/**
 * What an outcome is. 0.4.0 had only the double tap and the squeeze; the later values are handed
 * only to a caller whose struct quill_gesture_outcome holds QUILL_GESTURE_OUTCOME_SIZE_V2 bytes
 * (a 0.4.0 program's switch never meets them). Values are only appended.
 */
enum quill_gesture {
    QUILL_GESTURE_DOUBLE_TAP = 0,        /**< also a pad or puck button bound to "doubleTap" */
    QUILL_GESTURE_SQUEEZE_BEGAN = 1,     /**< also a pad or puck button bound to "squeeze", pressed */
    QUILL_GESTURE_SQUEEZE_CHANGED = 2,
    QUILL_GESTURE_SQUEEZE_ENDED = 3,     /**< also the release of a button bound to "squeeze" */
    QUILL_GESTURE_SQUEEZE_CANCELLED = 4, /**< also the tool leaving proximity mid-squeeze */
    /* After 0.4.0: */
    QUILL_GESTURE_BUTTON_PRESSED = 5,    /**< a barrel button press that is no double tap or squeeze (`button`: "BTN_STYLUS", …),
                                              delivered once it can no longer become one */
    QUILL_GESTURE_BUTTON_RELEASED = 6,   /**< its release */
    QUILL_GESTURE_ERASER_END_IN = 7,     /**< the eraser end came into proximity: the tool is the eraser while it stays */
    QUILL_GESTURE_ERASER_END_OUT = 8,    /**< the eraser end left: the tool before it is back */
    QUILL_GESTURE_PAD_BUTTON = 9,        /**< a pad button (`number`) bound to an action of its own was pressed */
    QUILL_GESTURE_PUCK_BUTTON = 10,      /**< a puck or lens button (`button`: "BTN_LEFT", …) bound to an action of its own was pressed */
    QUILL_GESTURE_PAD_DIAL = 11          /**< a touch ring or strip (`number`) set the width (padDialControlsWidth) */
};

/** What an outcome changed in the tool state (bits of quill_gesture_outcome.changes; after 0.4.0). */
enum quill_gesture_change {
    QUILL_CHANGE_TOOL = 1u << 0,               /**< the tool in use changed (tool_before → tool_after) */
    QUILL_CHANGE_PALETTE_SHOWN = 1u << 1,      /**< a palette was shown (the action says which) */
    QUILL_CHANGE_PALETTE_HIDDEN = 1u << 2,     /**< a palette was hidden */
    QUILL_CHANGE_SHORTCUT_REQUESTED = 1u << 3, /**< the system shortcut is to run */
    QUILL_CHANGE_WIDTH = 1u << 4               /**< the tool's width changed (width_before → width_after) */
};

/**
 * The buttons of a puck or lens cursor (QUILL_TOOL_MOUSE, QUILL_TOOL_LENS) in quill_sample.buttons,
 * beside enum quill_button's barrel buttons: what quill_source gives and the puck bindings read.
 */
enum quill_puck_button {
    QUILL_PUCK_BUTTON_LEFT = 1u << 3,   /**< BTN_LEFT */
    QUILL_PUCK_BUTTON_RIGHT = 1u << 4,  /**< BTN_RIGHT */
    QUILL_PUCK_BUTTON_MIDDLE = 1u << 5, /**< BTN_MIDDLE */
    QUILL_PUCK_BUTTON_SIDE = 1u << 6,   /**< BTN_SIDE */
    QUILL_PUCK_BUTTON_EXTRA = 1u << 7   /**< BTN_EXTRA */
};

struct quill_gesture_preferences {
    uint32_t size;           /**< sizeof(struct quill_gesture_preferences) */
    int32_t tap_action;      /**< enum quill_action (a zeroed field is QUILL_ACTION_IGNORE; pass NULL preferences for iPadOS's defaults) */
    int32_t squeeze_action;  /**< enum quill_action */
};

/** A recognized gesture and what it did to the tool state (never to the drawing). */
struct quill_gesture_outcome {
    uint32_t size;        /**< sizeof(struct quill_gesture_outcome) */
    double time;          /**< seconds */
    int32_t gesture;      /**< enum quill_gesture */
    int32_t action;       /**< enum quill_action carried out (QUILL_ACTION_IGNORE when the preference is "ignore", and for the kinds that
                               carry no action: buttons pressed and released, the eraser end, a pad dial) */
    char tool_before[24]; /**< the tool's ink before, NUL-terminated: "pen", "pencil", "marker", …, "eraser" */
    char tool_after[24];  /**< the tool's ink after */
    double hover_x;       /**< canvas points of the hovering pen (contextual palette), NaN when not hovering */
    double hover_y;
    /* QUILL_GESTURE_OUTCOME_SIZE_V1 ends here (0.4.0). */
    int32_t number;       /**< the pad button (QUILL_GESTURE_PAD_BUTTON) or ring/strip (QUILL_GESTURE_PAD_DIAL), −1 otherwise (after 0.4.0) */
    uint32_t changes;     /**< enum quill_gesture_change bits: what it changed, 0 for nothing (after 0.4.0) */
    char button[16];      /**< the button's libevdev name, NUL-terminated: a puck's ("BTN_SIDE", QUILL_GESTURE_PUCK_BUTTON) or the
                               barrel's ("BTN_STYLUS", QUILL_GESTURE_BUTTON_…); "" otherwise (after 0.4.0) */
    double width_before;  /**< the tool's width before and after, points (after 0.4.0) */
    double width_after;
    /* QUILL_GESTURE_OUTCOME_SIZE_V2 ends here. */
    int32_t ink_before;   /**< tool_before as enum quill_ink (QUILL_INK_ERASER for "eraser"), −1 for an ink libquill does not know (after 0.4.0) */
    int32_t ink_after;    /**< tool_after likewise: give it to quill_engine_set_ink with width_after */
};

typedef struct quill_gestures quill_gestures;

/** NULL preferences: iPadOS's defaults (double tap switches to the eraser, squeeze shows the contextual palette). No pad or puck button is bound. */
int quill_gestures_new(const struct quill_gesture_preferences *preferences, quill_gestures **gestures);

/**
 * Gestures with the person's preferences file, the one `quill gestures --preferences` and every
 * Quill app read: the preferred actions and the pad and puck button bindings ("padButtons",
 * "padDialControlsWidth", "puckButtons"). NULL path: the system file,
 * $XDG_CONFIG_HOME/quill/preferences.json, else ~/.config/quill/preferences.json. A missing file
 * gives the defaults, as for the command. QUILL_ERROR_FORMAT for a file that is not valid
 * preferences, QUILL_ERROR_IO or QUILL_ERROR_PERMISSION for one that cannot be read; the message
 * names the file and the key. Added after 0.4.0.
 */
int quill_gestures_new_from_file(const char *path, quill_gestures **gestures);

/** Feeds a sample (buttons and proximity drive the recognizer; a puck's buttons act through the puck bindings). */
int quill_gestures_add_sample(quill_gestures *gestures, const struct quill_sample *sample);

/**
 * Feeds a pad event (as quill_source_next_pad_event gives it, in time order with the samples): a
 * bound pad button acts as the double tap, the squeeze or its own action, a ring or strip sets the
 * width when padDialControlsWidth; unbound ones give nothing. QUILL_ERROR_INVALID_ARGUMENT for an
 * unknown kind, a negative device, number, mode_group or mode, a non-finite time, `pressed` not 0
 * or 1, a ring value outside 0 … <360 or a strip value outside 0 … 1 (−1, the finger leaving, is
 * accepted). Added after 0.4.0.
 */
int quill_gestures_add_pad_event(quill_gestures *gestures, const struct quill_pad_event *event);

/**
 * The tool of `device` (≥ 0) left proximity at `time` (seconds, finite; the samples' clock): a
 * squeeze in progress is cancelled, a tap button still held is delivered as a press and its
 * release, the eraser end leaves, puck buttons still held are released (a squeeze bound to one
 * ends). A first tap waiting for its second still waits for quill_gestures_advance. Call it where
 * the toolkit, libinput or quill_source_next_tool_event (QUILL_PROXIMITY_OUT) says the tool left.
 * Added after 0.4.0.
 */
int quill_gestures_proximity_out(quill_gestures *gestures, int32_t device, double time);

/** Lets time pass (seconds, the samples' clock): a pending press or squeeze expires. */
int quill_gestures_advance(quill_gestures *gestures, double time);

/** The time (seconds) at which quill_gestures_advance must be called even without samples, or a negative number for none. */
double quill_gestures_next_deadline(const quill_gestures *gestures);

/**
 * Takes the next outcome: 1 when *outcome was written, 0 when none. A caller whose
 * outcome->size is below QUILL_GESTURE_OUTCOME_SIZE_V2 (built against 0.4.0's header) gets only
 * 0.4.0's kinds (double tap, squeeze): the outcomes of later kinds are skipped for it.
 */
int quill_gestures_next_outcome(quill_gestures *gestures, struct quill_gesture_outcome *outcome);

/** Which input draws, PencilKit's drawing policy (after 0.4.0). */
enum quill_drawing_policy {
    QUILL_DRAWING_POLICY_DEFAULT = 0,    /**< a finger draws unless the person prefers to draw with the pen only (prefersPencilOnlyDrawing) */
    QUILL_DRAWING_POLICY_ANY_INPUT = 1,  /**< pen and finger draw */
    QUILL_DRAWING_POLICY_PENCIL_ONLY = 2 /**< only the pen draws; one finger pans */
};

/** Sets the drawing policy (default QUILL_DRAWING_POLICY_DEFAULT). Added after 0.4.0. */
int quill_gestures_set_drawing_policy(quill_gestures *gestures, int32_t policy);

/**
 * Feeds a touch (as quill_source_next_touch gives it, in order with the samples): taps, the
 * canvas transform and a finger's ink come out of quill_gestures_next_finger_gesture. Rejected
 * touches are ignored. Added after 0.4.0.
 */
int quill_gestures_add_touch(quill_gestures *gestures, const struct quill_touch *touch);

/** What a finger gesture is (after 0.4.0). */
enum quill_finger_gesture_kind {
    QUILL_FINGER_TAP = 0,       /**< `fingers` fingers tapped at `x`, `y`: 2 asks for undo, 3 for redo (`request`) */
    QUILL_FINGER_TRANSFORM = 1, /**< pinch, rotation and pan as one transform of the canvas (`phase`, `scale`, `rotation`, `dx`, `dy`) */
    QUILL_FINGER_INK = 2        /**< a finger that draws: `ink` is its sample, for quill_engine_add_sample */
};

/** What a finger gesture asks the app to do (after 0.4.0). */
enum quill_finger_request {
    QUILL_REQUEST_NONE = 0,
    QUILL_REQUEST_UNDO = 1, /**< a two-finger tap */
    QUILL_REQUEST_REDO = 2  /**< a three-finger tap */
};

/** One finger gesture; Quill changes nothing itself (after 0.4.0). */
struct quill_finger_gesture {
    uint32_t size;     /**< sizeof(struct quill_finger_gesture) */
    int32_t kind;      /**< enum quill_finger_gesture_kind */
    double time;       /**< seconds */
    int32_t request;   /**< enum quill_finger_request */
    int32_t fingers;   /**< fingers of the tap or the transform */
    int32_t phase;     /**< a transform's: 0 began, 1 changed, 2 ended, 3 cancelled */
    double x, y;       /**< the fingers' centroid, canvas points */
    double scale;      /**< since the transform began (> 0) */
    double rotation;   /**< radians since it began, clockwise on screen */
    double dx, dy;     /**< translation since it began, points: a page point p goes to start + (dx, dy) + scale·R(rotation)·(p − start) */
    double start_x, start_y; /**< the centroid where it began */
    struct quill_sample ink; /**< QUILL_FINGER_INK: the finger as a sample of the current ink. The last field: it grows with
                                  struct quill_sample, and ink.size says how much of it the caller's struct holds */
};

/** Takes the next finger gesture: 1 when *gesture was written, 0 when none. Added after 0.4.0. */
int quill_gestures_next_finger_gesture(quill_gestures *gestures, struct quill_finger_gesture *gesture);

void quill_gestures_free(quill_gestures *gestures);

/* ---------------------------------------------------------------------------------------- */
/* Layout: size classes, safe area, canvas and palette                                       */

enum quill_size_class { QUILL_SIZE_CLASS_COMPACT = 0, QUILL_SIZE_CLASS_REGULAR = 1 };

struct quill_layout {
    uint32_t size;                  /**< sizeof(struct quill_layout) */
    int32_t horizontal_size_class;  /**< enum quill_size_class */
    int32_t vertical_size_class;
    struct quill_rect safe_area;    /**< the window less its safe-area insets (a rect, not the insets) */
    struct quill_rect canvas;
    struct quill_rect palette;
    int32_t palette_docked;         /**< 1 when the palette is docked (compact width) */
    /* QUILL_LAYOUT_SIZE_V1 ends here (0.4.0). */
    double scale;                   /**< pixels per point: the device's (2 on iPad, 3 on most iPhones), 1 for a window (after 0.4.0) */
};

/**
 * The layout of a window of width × height points (each 320 or more) for a right- or
 * left-handed person (left_handed 1): size classes, safe area, canvas and palette placement.
 */
int quill_layout_window(double width, double height, int32_t left_handed, struct quill_layout *layout);

/**
 * The layout of a device of the Human Interface Guidelines' tables, full screen (device ids as
 * `quill layout --list` prints them, e.g. "ipad-pro-12.9-gen3plus"); landscape 1 or portrait 0.
 * QUILL_ERROR_NOT_FOUND for an unknown id.
 */
int quill_layout_device(const char *device_id, int32_t landscape, int32_t left_handed, struct quill_layout *layout);

/* ---------------------------------------------------------------------------------------- */
/* Handwriting: ink to text (Zinnia), as `quill recognize` reads it. Added after 0.4.0.        */

enum quill_language {
    QUILL_LANGUAGE_ENGLISH = 0,            /**< digits, letters, common punctuation; printed words read with a word list */
    QUILL_LANGUAGE_JAPANESE = 1,           /**< Debian's tegaki-zinnia-japanese (kanji, hiragana) */
    QUILL_LANGUAGE_SIMPLIFIED_CHINESE = 2  /**< Debian's tegaki-zinnia-simplified-chinese */
};

typedef struct quill_recognizer quill_recognizer;

/**
 * A handwriting recognizer for `language` (enum quill_language). model_path NULL: the language's
 * own model (English: Quill's, installed beside libquill in PREFIX/share/quill; the others:
 * Debian's Tegaki packages). QUILL_ERROR_NOT_FOUND when the model is missing (quill_last_error
 * names the files searched and the package to install), QUILL_ERROR_IO when it cannot be read.
 */
int quill_recognizer_new(int32_t language, const char *model_path, quill_recognizer **recognizer);

/**
 * Adds a point to the ink: x, y in any unit with y growing downwards (points, millimetres), t in
 * seconds or NaN; new_stroke 1 begins a stroke (the first point always does). Strokes in writing
 * order. At most 1 000 000 points (QUILL_ERROR_INVALID_ARGUMENT beyond: recognize and clear).
 */
int quill_recognizer_add_point(quill_recognizer *recognizer, double x, double y, double t, int32_t new_stroke);

/** Forgets the ink and the last results. */
int quill_recognizer_clear(quill_recognizer *recognizer);

/**
 * Reads the ink added so far: *unit_count units (words in English, characters in Japanese and
 * Chinese) in writing order, each with up to `candidates` (1 … 20) candidates, best first.
 * pre_context (UTF-8, may be NULL) is the text before the ink. Every character is cleaned before
 * Zinnia sees it: no ink can make it run away.
 */
int quill_recognizer_recognize(quill_recognizer *recognizer, const char *pre_context, int32_t candidates, size_t *unit_count);

/**
 * Candidate `rank` (0 best) of unit `unit` of the last recognition: its text as UTF-8 with a NUL
 * into `text` (`capacity` bytes), *length its bytes without the NUL, *score its score (higher is
 * better; may be NULL). QUILL_ERROR_BUFFER_TOO_SMALL with *length when the text and its NUL do
 * not fit; QUILL_ERROR_NOT_FOUND past the last unit or candidate.
 */
int quill_recognizer_get_candidate(const quill_recognizer *recognizer, size_t unit, size_t rank, char *text, size_t capacity, size_t *length,
                                   double *score);

/**
 * The indexes of the strokes unit `unit` was read from, in writing order: the buffer rules of
 * quill_engine_get_stroke_ids.
 */
int quill_recognizer_get_strokes(const quill_recognizer *recognizer, size_t unit, int32_t *strokes, size_t capacity, size_t *count);

void quill_recognizer_free(quill_recognizer *recognizer);

#ifdef __cplusplus
}
#endif

#endif /* QUILL_H */
