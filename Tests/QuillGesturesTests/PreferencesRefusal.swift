import QuillGestures
import Testing

/// Expects `attempt` to be refused with a ``PreferencesFile/Failure`` naming `key` (and `path`,
/// when given) whose message holds `message`; `what` names the attempt when it is accepted.
func expectRefusal(
    _ what: String, key: String, path: String? = nil, message: String, sourceLocation: SourceLocation = #_sourceLocation, _ attempt: () throws -> Any
) {
    do {
        let accepted = try attempt()
        Issue.record("\(what) was accepted as \(accepted)", sourceLocation: sourceLocation)
    } catch let failure as PreferencesFile.Failure {
        #expect((path.map { failure.path == $0 } ?? true) && failure.key == key && failure.message.contains(message), "\(failure)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
}
