/* The C interface is Sources/QuillC (Swift, @_cdecl); this target only carries quill.h. */

/* Where libquill itself is (its path, from the dynamic loader), for the data files installed
 * beside it (PREFIX/share/quill). Not exported (Sources/QuillC/libquill.map keeps quill_* only). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

const char *cquill_library_path(void) {
    Dl_info info;
    if (dladdr((void *)&cquill_library_path, &info) != 0 && info.dli_fname != NULL) return info.dli_fname;
    return NULL;
}
