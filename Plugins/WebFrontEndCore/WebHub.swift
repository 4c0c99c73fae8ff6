import Synchronization

/// The race state and every connected browser's queue, behind one lock, so that a newcomer's snapshot
/// and the frames that follow it never overlap or leave a gap. `publish` (called from `deliver`) only
/// updates the state and appends to bounded queues: it never waits for a browser. A browser that
/// falls behind by more than `queueLimit` frames loses its queue and gets a fresh snapshot instead
/// (the newest state wins); a newer status replaces a queued older one.
public final class WebHub: Sendable {
    /// Frames queued per browser before it is given a snapshot instead.
    public static let queueLimit = 32
    /// Spectators' browsers streaming at once; more are told to come back later (503).
    public static let clientLimit = 64
    /// The runner's own pages (`/control/TOKEN/events`) streaming at once, counted apart from the
    /// spectators': however many spectators there are, the token holder's page always gets a stream.
    public static let controlLimit = 4

    /// What a browser's stream sends next.
    public enum Batch: Sendable, Equatable {
        /// The whole state (first thing on a stream, and after falling behind).
        case snapshot(String)
        /// Frames in order.
        case frames([String])
        /// Nothing new for a while: a comment keeps the connection checked.
        case ping
        /// The run is over and this stream has sent everything: the page keeps what it shows and
        /// stops reconnecting.
        case end
    }

    private struct Queue {
        var frames: [(json: String, kind: WebRaceState.Kind)] = []
        var snapshotDue = true
        var pingDue = false
        var endSent = false
        var control: Bool
        var wake: AsyncStream<Void>.Continuation
    }

    private struct Inner {
        var race = WebRaceState()
        var queues: [Int: Queue] = [:]
        var nextID = 0
        var closed = false
    }

    private let inner = Mutex(Inner())

    public init() {}

    /// One browser's stream: `forEach` sends its batches; `end()` it when the connection closes.
    public struct Subscription: Sendable {
        public let id: Int
        fileprivate let hub: WebHub
        fileprivate let wakeups: AsyncStream<Void>

        /// Hands each batch to `body` as it comes, waiting between them, until the hub closes, the
        /// stream ends, or `body` throws (the browser went away). `@concurrent`, function and body, as
        /// before SE-0461's default: `body` writes through Hummingbird's writer, whose `write` is.
        @concurrent public func forEach(_ body: @concurrent (Batch) async throws -> Void) async throws {
            var iterator = wakeups.makeAsyncIterator()
            var woken = true
            while true {
                switch hub.take(id) {
                case .closed:
                    return
                case let .batch(batch):
                    try await body(batch)
                case .empty:
                    // The wake-ups end when the hub closes (or the stream is removed): one more take sends
                    // what is left, `end` included, before the stream ends.
                    guard woken else { return }
                    woken = await iterator.next() != nil
                }
            }
        }

        /// The connection closed: forget its queue.
        public func end() {
            hub.remove(id)
        }
    }

    /// A new stream, starting with a snapshot; nil when the hub closed or the streams of its kind are at
    /// their limit (`clientLimit` spectators' or `controlLimit` of the runner's own page, `control`).
    public func subscribe(control: Bool = false) -> Subscription? {
        let (stream, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = inner.withLock { inner in
            let open = inner.queues.values.count(where: { $0.control == control })
            guard !inner.closed, open < (control ? Self.controlLimit : Self.clientLimit) else { return nil }
            let id = inner.nextID
            inner.nextID += 1
            inner.queues[id] = Queue(control: control, wake: wake)
            return id
        }
        guard let id else {
            wake.finish()
            return nil
        }
        return Subscription(id: id, hub: self, wakeups: stream)
    }

    /// Takes one frame for the state and every browser; false when it is not a frame (not JSON with a type).
    @discardableResult
    public func publish(_ json: String) -> Bool {
        let wakes: [AsyncStream<Void>.Continuation]? = inner.withLock { inner in
            let kind = inner.race.apply(json)
            guard kind != .refused else { return nil }
            var wakes: [AsyncStream<Void>.Continuation] = []
            for id in inner.queues.keys {
                guard var queue = inner.queues[id] else { continue }
                if !queue.snapshotDue {
                    if kind == .state { queue.frames.removeAll { $0.kind == .state } }
                    queue.frames.append((json, kind))
                    if queue.frames.count > Self.queueLimit {
                        queue.frames.removeAll()
                        queue.snapshotDue = true
                    }
                }
                inner.queues[id] = queue
                wakes.append(queue.wake)
            }
            return wakes
        }
        guard let wakes else { return false }
        for wake in wakes { wake.yield() }
        return true
    }

    /// An invitation was answered from a page: newcomers are not offered it again.
    public func answered(invitation id: String) {
        inner.withLock { $0.race.answered(invitation: id) }
    }

    /// Asks every stream to send a keep-alive comment (unless it has something else to send).
    public func ping() {
        let wakes = inner.withLock { inner in
            inner.queues.keys.compactMap { id -> AsyncStream<Void>.Continuation? in
                inner.queues[id]?.pingDue = true
                return inner.queues[id]?.wake
            }
        }
        for wake in wakes { wake.yield() }
    }

    /// Ends every stream once it has sent what is queued for it; no new one starts.
    public func close() {
        let wakes = inner.withLock { inner in
            inner.closed = true
            return inner.queues.values.map(\.wake)
        }
        for wake in wakes { wake.finish() }
    }

    /// How many browsers are streaming.
    public var streamCount: Int { inner.withLock { $0.queues.count } }

    /// How many of them stream the runner's own page.
    public var controlStreamCount: Int { inner.withLock { $0.queues.values.count(where: \.control) } }

    /// The state a newcomer would get now.
    public func snapshot() -> String { inner.withLock { $0.race.snapshot() } }

    fileprivate enum Take {
        case closed, empty
        case batch(Batch)
    }

    fileprivate func take(_ id: Int) -> Take {
        inner.withLock { inner in
            guard var queue = inner.queues[id] else { return .closed }
            defer { inner.queues[id] = queue }
            // Closed: what is queued still goes out (the result is usually the last frame), then `end`, then
            // the stream ends.
            if inner.closed, !queue.snapshotDue, queue.frames.isEmpty {
                guard queue.endSent else {
                    queue.endSent = true
                    return .batch(.end)
                }
                return .closed
            }
            if queue.snapshotDue {
                queue.snapshotDue = false
                queue.pingDue = false
                return .batch(.snapshot(inner.race.snapshot()))
            }
            if !queue.frames.isEmpty {
                defer { queue.frames.removeAll() }
                queue.pingDue = false
                return .batch(.frames(queue.frames.map(\.json)))
            }
            if queue.pingDue {
                queue.pingDue = false
                return .batch(.ping)
            }
            return .empty
        }
    }

    fileprivate func remove(_ id: Int) {
        let wake = inner.withLock { $0.queues.removeValue(forKey: id)?.wake }
        wake?.finish()
    }
}
