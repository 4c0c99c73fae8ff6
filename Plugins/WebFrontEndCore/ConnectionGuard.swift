import HummingbirdCore
import NIOCore
import Synchronization

/// Applies the server's `ConnectionLimit` to its connections: one guard per connection, after the
/// HTTP decoding (so a request counts once its whole head has arrived), sharing one `Roster`.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPConnectionStateHandler.InboundIn
    typealias InboundOut = HTTPConnectionStateHandler.InboundIn
    typealias OutboundIn = HTTPConnectionStateHandler.OutboundIn
    typealias OutboundOut = HTTPConnectionStateHandler.OutboundIn

    /// Every connection's channel and the limit, behind one lock (the server's event loop is one
    /// thread, but a channel's close may be reported from elsewhere).
    final class Roster: Sendable {
        private struct Inner {
            var limit: ConnectionLimit
            var channels: [Int: any Channel] = [:]
            var nextID = 0
        }

        private let inner: Mutex<Inner>

        init(limit: Int) {
            inner = Mutex(Inner(limit: ConnectionLimit(limit: limit)))
        }

        /// How many connections are open.
        var count: Int { inner.withLock { $0.limit.count } }

        fileprivate func open(_ channel: any Channel) -> Int {
            let (id, evicted): (Int, (any Channel)?) = inner.withLock { inner in
                let id = inner.nextID
                inner.nextID += 1
                inner.channels[id] = channel
                guard let evicted = inner.limit.opened(id) else { return (id, nil) }
                return (id, inner.channels.removeValue(forKey: evicted))
            }
            evicted?.close(promise: nil)
            channel.closeFuture.whenComplete { _ in self.closed(id) }
            return id
        }

        fileprivate func update(_ id: Int, _ change: (inout ConnectionLimit) -> Void) {
            inner.withLock { change(&$0.limit) }
        }

        private func closed(_ id: Int) {
            inner.withLock { inner in
                inner.limit.closed(id)
                inner.channels[id] = nil
            }
        }
    }

    private let roster: Roster
    private var id: Int?

    init(roster: Roster) {
        self.roster = roster
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard id == nil else { return }
        id = roster.open(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data), let id { roster.update(id) { $0.requestStarted(id) } }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), let id { roster.update(id) { $0.responseEnded(id) } }
        context.write(data, promise: promise)
    }
}
