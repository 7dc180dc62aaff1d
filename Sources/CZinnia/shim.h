// Zinnia (Debian libzinnia-dev, BSD-3-Clause): an online handwriting recognizer. Its C API only;
// QuillHandwriting is the one module that imports it.
#include <zinnia.h>
