import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The phone source's HTTP listener (SwiftNIO, HTTP/1.1): every request goes to a `PhoneIngest`.
/// Bodies are bounded (`maximumBody`), and so is each connection's idle time.
public final class PhoneHTTPServer: PhoneTransport {
    /// The most a body may hold: a batch of queued Traccar reports fits, a 10 MB upload does not.
    public static let maximumBody = 256 * 1024
    private let channel: any Channel

    /// Where it listens (the port the system gave, when 0 was asked).
    public var port: Int { channel.localAddress?.port ?? 0 }

    private init(channel: any Channel) {
        self.channel = channel
    }

    /// Listens on `host`:`port`, answering with `ingest`; `now` is the race clock. Throws
    /// `SourceError.cannotListen` with the system's reason.
    public static func listen(
        host: String, port: Int, ingest: PhoneIngest, now: @escaping @Sendable () -> Date,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(SourceError) -> PhoneHTTPServer {
        let respond: @Sendable (PhoneRequest) -> PhoneResponse = { request in
            ingest.handle(request, at: now(), monotonic: ingest.monotonicNow)
        }
        let tooLarge: @Sendable (PhoneRequest, Int?) -> PhoneResponse = { ingest.refuseTooLarge($0, declared: $1) }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(60)))
                    try channel.pipeline.syncOperations.addHandler(IdleCloser())
                    try channel.pipeline.syncOperations.addHandler(
                        PhoneHTTPHandler(maximumBody: maximumBody, respond: respond, tooLarge: tooLarge))
                }
            }
        do {
            return PhoneHTTPServer(channel: try await bootstrap.bind(host: host, port: port).get())
        } catch {
            throw .cannotListen(address: "\(host):\(port)", reason: "\(error)")
        }
    }

    /// Stops listening and closes every connection.
    public func close() async {
        try? await channel.close()
    }
}

/// Closes a connection idle for its read timeout (a phone that went away mid-request).
private final class IdleCloser: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
