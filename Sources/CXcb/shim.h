#include <xcb/xcb.h>
#include <stdlib.h>
