import Logging
import MateRunnerTesting

/// A log handler keeping every message logged through it, in order, as `LEVEL message` (`info race
/// clock: …`), so that a flow test can assert what a run logged and at which level.
struct CapturingLogHandler: LogHandler {
    let captured: CapturedLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        captured.append("\(event.level) \(event.message)")
    }

    /// A logger labelled `label` whose messages go to `captured`.
    static func logger(_ label: String, into captured: CapturedLines) -> Logger {
        Logger(label: label) { _ in CapturingLogHandler(captured: captured) }
    }
}
