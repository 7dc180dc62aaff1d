// GTK 4 for QuillCanvas, the window of `quill canvas` (the rendering/UI layer only). The helpers
// below stand for GTK's C macros, which Swift cannot call.
#include <gtk/gtk.h>
#include <glib-unix.h>

/// g_signal_connect (a macro).
static inline gulong quill_gtk_connect(gpointer instance, const char *signal, GCallback callback, gpointer data) {
    return g_signal_connect_data(instance, signal, callback, data, NULL, (GConnectFlags)0);
}

/// Writes what `widget` shows (its whole widget tree, as GTK renders it) to a PNG file.
/// Returns FALSE when the widget is not realized or the renderer cannot make a texture.
static inline gboolean quill_gtk_save_png(GtkWidget *widget, const char *path) {
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    if (width <= 0 || height <= 0 || native == NULL) return FALSE;
    GskRenderer *renderer = gtk_native_get_renderer(native);
    if (renderer == NULL) return FALSE;
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    gboolean saved = FALSE;
    if (node != NULL) {
        graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height);
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &bounds);
        if (texture != NULL) {
            saved = gdk_texture_save_to_png(texture, path);
            g_object_unref(texture);
        }
        gsk_render_node_unref(node);
    }
    g_object_unref(paintable);
    return saved;
}

/// GDK_EVENT keyval and modifier of a key-pressed signal are plain arguments; the Ctrl mask:
static inline guint quill_gtk_control_mask(void) { return GDK_CONTROL_MASK; }
static inline guint quill_gtk_shift_mask(void) { return GDK_SHIFT_MASK; }
