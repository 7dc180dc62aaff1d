#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
/* glibc's mallopt: QuillRender keeps the heap's top between Cairo's per-stroke layers (RenderMemory). */
#if defined(__has_include)
#if __has_include(<malloc.h>) && !defined(__APPLE__)
#include <malloc.h>
#endif
#endif
