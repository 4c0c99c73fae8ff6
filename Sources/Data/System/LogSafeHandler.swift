import Domain
import Logging

/// A log handler that escapes control characters (`LogSafe`) in every message and metadata value before
/// the wrapped handler writes them: whatever a message quotes from outside (gpsd, DNS-SD, peers, the
/// records file, an error's text), standard error never receives a raw escape sequence or a forged line.
public struct LogSafeHandler: LogHandler {
    /// The handler that writes.
    private var wrapped: any LogHandler

    /// `wrapped`, with its messages made safe.
    public init(wrapping wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        var safe = event
        safe.message = "\(event.message.description.logSafe)"
        safe.metadata = event.metadata.map(Self.safe)
        wrapped.log(event: safe)
    }

    /// Metadata whose strings are escaped, keys included.
    private static func safe(_ metadata: Logger.Metadata) -> Logger.Metadata {
        Dictionary(uniqueKeysWithValues: metadata.map { ($0.key.logSafe, safe($0.value)) })
    }

    private static func safe(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(text.logSafe)
        case .stringConvertible(let convertible): .string(convertible.description.logSafe)
        case .array(let values): .array(values.map(safe))
        case .dictionary(let values): .dictionary(safe(values))
        }
    }
}
