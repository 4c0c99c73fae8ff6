import NIOCore
import NIOPosix

/// One TCP connection to gpsd: wait for its VERSION greeting, ask for JSON reports with
/// `?WATCH={"enable":true,"json":true};`, then hand every decoded line to `onMessage` until gpsd
/// closes the connection.
enum GPSDSession {
    /// The request that turns on JSON reports.
    static let watchRequest = "?WATCH={\"enable\":true,\"json\":true};\n"

    /// Connects and reads until the connection closes (returns) or fails (throws).
    static func run(
        host: String,
        port: Int,
        group: any EventLoopGroup,
        onMessage: (GPSDMessage) -> Void
    ) async throws {
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(5))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(GPSDLineDecoder()))
                    return try NIOAsyncChannel<GPSDLine, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var watching = false
            for try await line in inbound {
                switch line {
                case .oversized:
                    onMessage(.skipped(.oversized))
                case .line(let text):
                    let message = GPSDMessage.decode(text)
                    if case .version = message, !watching {
                        try await outbound.write(ByteBuffer(string: watchRequest))
                        watching = true
                    }
                    onMessage(message)
                }
            }
        }
    }
}
