import ArgumentParser
import QuillGestures

/// The person's preferences file and the recognizer's buttons: shared by `quill gestures` and
/// `quill service`.
struct PencilOptions: ParsableArguments {
    @Option(help: "The system-wide preferences file (default: $XDG_CONFIG_HOME/quill/preferences.json, else ~/.config/quill/preferences.json).")
    var preferences: String?

    @Option(help: "The button taps come from: stylus, stylus2 or stylus3.")
    var tapSource: TapSource = .stylus

    @Option(help: "The button held for a squeeze: stylus, stylus2 or stylus3.")
    var squeezeSource: TapSource = .stylus2

    /// The preferences file's path, as given or the system's.
    var preferencesPath: String { preferences ?? PreferencesFile.systemPath }

    /// The preferences and the recognizer's parameters; a bad file or button pair is said on
    /// standard error and the command fails.
    func load() throws -> (PencilPreferences, DoubleTapParameters) {
        do {
            return (try PreferencesFile.read(preferencesPath), try DoubleTapParameters(source: tapSource, squeezeSource: squeezeSource))
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}
