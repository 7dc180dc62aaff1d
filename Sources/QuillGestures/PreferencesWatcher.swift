#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Notices that the preferences file changed, for a reader that runs for a long time (`quill
/// service`): what a person sets — `quill preferences set`, a settings window — applies without a
/// restart. The file is compared byte for byte (it is a few hundred bytes; a modification time
/// can stay the same within its granularity), read through ``PreferencesFile``'s one validator.
public struct PreferencesWatcher: Sendable {
    /// The file watched.
    public let path: String
    /// The contents last seen (nil: no file).
    private var contents: Data?
    /// The last failure to read the file, said once.
    private var unreadable: PreferencesFile.Failure?

    /// Watches `path`, taking what is there now as already applied.
    public init(path: String) {
        self.path = path
        contents = try? PreferencesFile.contents(of: path)
    }

    /// What changed since the last look: nil when nothing did, the preferences when the file
    /// changed and reads (a file removed gives the defaults), the failure when it changed and
    /// cannot be used (said once: the next look is nil until it changes again).
    public mutating func check() -> Result<PencilPreferences, PreferencesFile.Failure>? {
        let now: Data?
        do {
            now = try PreferencesFile.contents(of: path)
            unreadable = nil
        } catch {
            let failure = error as? PreferencesFile.Failure ?? PreferencesFile.Failure(path: path, key: nil, message: "cannot read the file (\(error))")
            defer { unreadable = failure }
            return failure == unreadable ? nil : .failure(failure)
        }
        guard now != contents else { return nil }
        contents = now
        guard let now else { return .success(PencilPreferences()) }
        do {
            return .success(try PreferencesFile.decode(now, path: path))
        } catch let failure as PreferencesFile.Failure {
            return .failure(failure)
        } catch {
            return .failure(PreferencesFile.Failure(path: path, key: nil, message: "\(error)"))
        }
    }
}
