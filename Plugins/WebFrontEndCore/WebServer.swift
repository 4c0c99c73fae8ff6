import Dispatch
import FrontEndKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Hummingbird serving `WebRoutes` on one event-loop thread of its own, started and stopped from the
/// host's synchronous `create` and `destroy`. It never installs signal handlers (the host owns them)
/// and logs only what is critical, to standard error (standard output may be the text view or the JSON stream).
public final class WebServer: Sendable {
    /// How long `start` waits for the socket to be bound, and `stop` for the server to end.
    static let startLimit: DispatchTimeInterval = .seconds(20)
    static let stopLimit: DispatchTimeInterval = .seconds(5)
    /// How long `stop` lets the streams send what is queued for them before closing their connections.
    static let drainLimit: DispatchTimeInterval = .seconds(2)
    /// How often an idle event stream gets a keep-alive comment (and a dead connection is noticed).
    public static let keepAliveSeconds: UInt64 = 15
    /// Connections open at once (`ConnectionLimit`: over it, the one waiting longest for a request is closed).
    public static let connectionLimit = 256
    /// How long a connection may take to send a request's whole head, from its opening or from the end
    /// of its last response (kept alive), before it is closed; a request being answered (an event
    /// stream) is never cut.
    public static let requestTimeout: TimeAmount = .seconds(10)

    /// The port actually bound (the one asked, or the one the system picked for port 0).
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let task: Task<Void, Never>
    private let ended: DispatchSemaphore
    private let hub: WebHub
    private let roster: ConnectionGuard.Roster

    /// Binds `host:port` and starts serving; throws a `WebServerError` saying why it could not
    /// (the port in use, an address not of this machine).
    public init(host: String, port: Int, routes: WebRoutes) throws(WebServerError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var logger = Logger(label: "materunner.web") { StreamLogHandler.standardError(label: $0) }
        // Hummingbird logs a closed connection or a stopped server as an error; nothing of it is the
        // person's business while a race runs (a failure to serve is thrown, and printed by the host).
        logger.logLevel = .critical
        let outcome = Outcome()
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let roster = ConnectionGuard.Roster(limit: Self.connectionLimit)
        let app = Application(
            router: routes.router(),
            // Hummingbird's idle timer is reset by a request's whole head, not by its bytes: it bounds a
            // connection's wait for a request, a slow one included, as well as an idle keep-alive.
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(roster: roster)], idleTimeout: Self.requestTimeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                outcome.settle(.success(channel.localAddress?.port ?? port))
                started.signal()
            },
            eventLoopGroupProvider: .shared(group),
            logger: logger
        )
        let hub = routes.hub
        // The server's tasks run on a queue of their own, not on Swift's shared pool: `create` waits for
        // the bind on a thread of that pool (the host's), and a busy or small pool must not keep the
        // server from starting (or a browser from being served).
        let task = Task(executorPreference: QueueExecutor(label: "materunner.web")) {
            await withTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    do {
                        try await app.run()
                    } catch {
                        if outcome.settle(.failure(error)) { started.signal() }
                    }
                }
                tasks.addTask {
                    while (try? await Task.sleep(nanoseconds: Self.keepAliveSeconds * 1_000_000_000)) != nil { hub.ping() }
                }
                _ = await tasks.next()
                tasks.cancelAll()
            }
            ended.signal()
        }
        if started.wait(timeout: .now() + Self.startLimit) == .timedOut {
            outcome.settle(.failure(WebServerError.notStarted))
        }
        switch outcome.result {
        case let .success(bound):
            self.port = bound
            self.group = group
            self.task = task
            self.ended = ended
            self.hub = hub
            self.roster = roster
        case let .failure(error):
            task.cancel()
            Self.shutDown(group, after: ended)
            throw WebServerError(host: host, port: port, cause: error)
        case nil:
            throw WebServerError.notStarted
        }
    }

    /// How many connections are open.
    public var connectionCount: Int { roster.count }

    /// Ends every event stream (after what is queued for it, such as the result, has been sent), stops the
    /// server and its thread. A browser that does not read is waited for `drainLimit` at most.
    public func stop() {
        hub.close()
        let deadline = DispatchTime.now() + Self.drainLimit
        while hub.streamCount > 0, DispatchTime.now() < deadline { usleep(10_000) }
        task.cancel()
        Self.shutDown(group, after: ended)
    }

    /// Shuts the event loop down once the server's task has ended; should it not end in `stopLimit`,
    /// the loop is left running (shutting it under a live server would crash it).
    private static func shutDown(_ group: MultiThreadedEventLoopGroup, after ended: DispatchSemaphore) {
        guard ended.wait(timeout: .now() + stopLimit) == .success else { return }
        try? group.syncShutdownGracefully()
    }
}

/// Runs tasks that prefer it on a serial dispatch queue: threads of Dispatch's, apart from Swift's pool.
private final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// How starting ended: the first of bound (with the port) or failed stands.
private final class Outcome: Sendable {
    private let value = Mutex<Result<Int, any Error>?>(nil)

    /// Records `result` unless one is recorded already; true if this one was the first.
    @discardableResult
    func settle(_ result: Result<Int, any Error>) -> Bool {
        value.withLock { current in
            guard current == nil else { return false }
            current = result
            return true
        }
    }

    var result: Result<Int, any Error>? { value.withLock { $0 } }
}

/// Why the web front-end could not serve.
public struct WebServerError: Error, CustomStringConvertible, FrontEndFailure {
    public var description: String
    /// A port in use is a service unavailable (69); an address or port that cannot be ours, a usage error.
    public var exitStatus: Int32 = FrontEndFailureStatus.usage

    static let notStarted = WebServerError(description: "the web server did not start in time")

    init(description: String) {
        self.description = description
    }

    init(host: String, port: Int, cause: any Error) {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        if let known = cause as? WebServerError {
            description = known.description
            exitStatus = known.exitStatus
        } else if let io = cause as? IOError, io.errnoCode == EADDRINUSE {
            exitStatus = FrontEndFailureStatus.unavailable
            description = "cannot serve the web page on \(address): the port \(port) is in use (another web front-end?); "
                + "choose another with --frontend-option web.listen=\(host.contains(":") ? "[\(host)]" : host):PORT"
        } else if let io = cause as? IOError, io.errnoCode == EADDRNOTAVAIL {
            description = "cannot serve the web page on \(address): no interface of this machine has that address; "
                + "use 0.0.0.0 for every interface or one of this machine's addresses"
        } else if let io = cause as? IOError, io.errnoCode == EACCES {
            description = "cannot serve the web page on \(address): not allowed to use port \(port) (ports below 1024 need privileges)"
        } else {
            description = "cannot serve the web page on \(address): \(cause)"
        }
    }
}
