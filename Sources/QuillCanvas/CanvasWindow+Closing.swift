import Foundation

extension CanvasWindow {
    /// A message of ``close(saving:autosave:gapFrames:report:)`` for the person.
    public struct ClosingMessage: Hashable, Sendable {
        public var text: String
        /// Something failed (a file could not be written); otherwise a warning or a note.
        public var isError: Bool
        static func warning(_ text: String) -> Self { Self(text: text, isError: false) }
        static func error(_ text: String) -> Self { Self(text: text, isError: true) }
    }

    /// What `quill canvas` does once ``run()`` returned: saves the drawing to ``savePath`` when
    /// `saving`; keeps a drawing still unsaved in `autosave` (``CanvasAutosave``) so that nothing
    /// drawn is lost; writes each measured frame of the visible gap to `gapFrames` when given
    /// (``VisibleGapFrameRecord/jsonLines(of:)``). Reports, in order, the window's ``messages``,
    /// then what it kept and what it could not write.
    public func close(saving: Bool, autosave: String = CanvasAutosave.path(), gapFrames: String?, report: (ClosingMessage) -> Void) {
        if saving { save() }
        messages.forEach { report(.warning($0)) }
        do {
            if try CanvasAutosave.keep(model, at: autosave) { report(.warning("the unsaved drawing is kept in \(autosave) (quill canvas --open \(autosave))")) }
        } catch {
            report(.error("could not keep the unsaved drawing in \(autosave): \(error)"))
        }
        guard let gapFrames else { return }
        do {
            try Data(VisibleGapFrameRecord.jsonLines(of: model.visibleGap)).write(to: URL(fileURLWithPath: gapFrames), options: .atomic)
        } catch {
            report(.error("could not write the visible gap's frames to \(gapFrames): \(error)"))
        }
    }
}
