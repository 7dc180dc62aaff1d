/* The C interface is Sources/QuillC (Swift, @_cdecl); this target only carries quill.h. */
