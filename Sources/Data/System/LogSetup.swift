import Domain
import Foundation
import Logging
import Synchronization

/// How a command's logs are set up: on standard error (so standard output carries only front-end
/// output), or in `--log-file`; control characters escaped (`LogSafeHandler`). While a board owns the
/// terminal, lines that would go to the same terminal go to the board as notices instead (`divert`): a
/// log line never scrambles the board.
public enum LogSetup {
    /// Where log lines go now.
    enum Route {
        case standardError
        case file(FileHandle)
        /// To a board; a line it cannot show (`false`) goes to standard error.
        case screen(@Sendable (Logger.Level, String) -> Bool)
    }

    static let route = Mutex<Route>(.standardError)

    /// Logs at `level` and above to standard error, or appended to `file`. Throws if the file cannot be
    /// opened.
    public static func bootstrap(level: Logger.Level, file: String? = nil) throws(LogFileError) -> Logger {
        if let file {
            guard FileManager.default.fileExists(atPath: file) || FileManager.default.createFile(atPath: file, contents: nil),
                  let handle = FileHandle(forWritingAtPath: file)
            else { throw LogFileError(path: file) }
            handle.seekToEndOfFile()
            route.withLock { $0 = .file(handle) }
        }
        LoggingSystem.bootstrap { label in
            var handler = LogSafeHandler(wrapping: RoutedLogHandler(label: label))
            handler.logLevel = level
            return handler
        }
        return Logger(label: "materunner")
    }

    /// While the terminal shows a board: warnings and errors go to `board` as notices, lower levels are
    /// dropped (give `--log-file` to keep them). Nothing changes when the logs go to a file.
    public static func divert(to board: @escaping @Sendable (Logger.Level, String) -> Bool) {
        route.withLock { route in
            if case .standardError = route { route = .screen(board) }
        }
    }
}

/// `--log-file` cannot be opened for appending.
public struct LogFileError: Error, Equatable, CustomStringConvertible, ClassifiedFault {
    public let path: String
    public var fault: Fault { .cannotCreate }

    public var description: String {
        "cannot write the log file \(path): check that its folder exists and is writable"
    }
}

/// Writes one event where `LogSetup.route` says.
struct RoutedLogHandler: LogHandler {
    private var standardError: StreamLogHandler
    let label: String

    init(label: String) {
        self.label = label
        standardError = StreamLogHandler.standardError(label: label)
    }

    var logLevel: Logger.Level {
        get { standardError.logLevel }
        set { standardError.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { standardError.metadata }
        set { standardError.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { standardError[metadataKey: key] }
        set { standardError[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        let route = LogSetup.route.withLock { route -> LogSetup.Route in route }
        switch route {
        case .standardError:
            standardError.log(event: event)
        case .file(let handle):
            let time = Date().formatted(.iso8601)
            handle.write(Data("\(time) \(event.level) \(label): \(event.message)\n".utf8))
        case .screen(let board):
            guard event.level >= .warning else { return }
            if !board(event.level, "\(event.message)") { standardError.log(event: event) }
        }
    }
}
