import Foundation
import QuillStroke

/// Where a canvas keeps a drawing that was not saved when its window closed, so that nothing
/// drawn is lost: `$XDG_STATE_HOME/quill/canvas-autosave.json` (default `~/.local/state/…`).
public enum CanvasAutosave {
    /// The autosave file for `environment` (the process's by default): `$XDG_STATE_HOME` when set
    /// and not empty, else `$HOME/.local/state`, then `quill/canvas-autosave.json`.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/quill/canvas-autosave.json"
    }

    /// Whether `model` has something to keep: unsaved changes, and strokes or text boxes.
    public static func hasUnsavedDrawing(_ model: CanvasModel) -> Bool {
        model.hasUnsavedChanges && (!model.recorder.drawing.strokes.isEmpty || !model.textBoxes.isEmpty)
    }

    /// Writes `model`'s drawing (``CanvasModel/drawingToSave``) to `path`, its directory made when
    /// missing, if ``hasUnsavedDrawing(_:)``; returns whether it wrote. Throws when it cannot write.
    @discardableResult
    public static func keep(_ model: CanvasModel, at path: String = path()) throws -> Bool {
        guard hasUnsavedDrawing(model) else { return false }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DrawingFile.write(model.drawingToSave, to: path)
        return true
    }
}
