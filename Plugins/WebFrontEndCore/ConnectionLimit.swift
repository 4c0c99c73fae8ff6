/// The server's open connections, at most `limit`. A connection is *waiting* from its opening until a
/// request's head has arrived, and again once its response has ended (kept alive, idle); it is *busy*
/// in between (an event stream stays busy). A connection opened over the limit closes the one waiting
/// longest, so that connections that never send a request (or sit idle) cannot keep anyone out, the
/// runner's control page included; when every other connection is busy, the new one is closed. Pure:
/// `ConnectionGuard` applies it to the server's channels.
public struct ConnectionLimit: Sendable, Equatable {
    /// Connections open at once.
    public let limit: Int

    private struct Entry: Equatable {
        var busy: Bool
        /// When it last started to wait (a count of events, not a clock).
        var since: Int
    }

    private var connections: [Int: Entry] = [:]
    private var events = 0

    public init(limit: Int) {
        precondition(limit > 0, "a server takes at least one connection")
        self.limit = limit
    }

    /// How many connections are open.
    public var count: Int { connections.count }

    /// Connection `id` opened: nil, or the connection to close to stay within the limit.
    public mutating func opened(_ id: Int) -> Int? {
        events += 1
        connections[id] = Entry(busy: false, since: events)
        guard connections.count > limit else { return nil }
        let waiting = connections.filter { $0.key != id && !$0.value.busy }
        let evicted = waiting.min { $0.value.since < $1.value.since }?.key ?? id
        connections[evicted] = nil
        return evicted
    }

    /// A request's head arrived on `id`.
    public mutating func requestStarted(_ id: Int) {
        connections[id]?.busy = true
    }

    /// The response on `id` ended: it waits for another request.
    public mutating func responseEnded(_ id: Int) {
        events += 1
        connections[id]?.busy = false
        connections[id]?.since = events
    }

    /// `id` closed.
    public mutating func closed(_ id: Int) {
        connections[id] = nil
    }
}
