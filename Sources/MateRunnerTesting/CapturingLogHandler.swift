import Logging

/// A log handler keeping every message logged through it, in order: as `LEVEL message` (`info race
/// clock: …`) so that a test can assert what was logged and at which level, or the message alone.
public struct CapturingLogHandler: LogHandler {
    let captured: CapturedLines
    let withLevels: Bool
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        captured.append(withLevels ? "\(event.level) \(event.message)" : event.message.description)
    }

    /// A logger labelled `label` whose messages go to `captured`, each after its level unless `levels` is false.
    public static func logger(_ label: String, into captured: CapturedLines, levels: Bool = true) -> Logger {
        Logger(label: label) { _ in CapturingLogHandler(captured: captured, withLevels: levels) }
    }
}
