import Domain
import Synchronization

/// A `MateDiscoveryRepository` in memory, for tests: the test makes runners appear, change and leave
/// with `emit`, and reads what was advertised. It counts the events the browsers have taken, so a test
/// can wait (yielding) until a flow has seen everything before it moves a manual clock.
public final class InMemoryMateDiscovery: MateDiscoveryRepository {
    /// What `mates()` throws once `failBrowsing` was called (as a missing daemon would).
    public struct Unavailable: Error, Equatable, CustomStringConvertible {
        /// The message the error carries.
        public let description: String
    }

    private struct State {
        var browsers: [AsyncStream<MateEvent>.Continuation] = []
        var delivered = 0
        var advertised: [(runner: Runner, port: Int)] = []
        var advertisedTerms: [RaceTerms?] = []
        var announcements: [(state: MateState, raceID: String?)] = []
        var stopCount = 0
        var failure: Unavailable?
    }

    private let state = Mutex(State())

    /// Discovery that sees nobody until told.
    public init() {}

    // MARK: The test's side

    /// Hands `event` to every browser.
    public func emit(_ event: MateEvent) {
        state.withLock { $0.browsers }.forEach { $0.yield(event) }
    }

    /// Ends every browse (as the daemon going away would).
    public func finishBrowsing() {
        state.withLock { $0.browsers }.forEach { $0.finish() }
    }

    /// Makes `mates()` throw `Unavailable(message)` from now on.
    public func failBrowsing(_ message: String) {
        state.withLock { $0.failure = Unavailable(description: message) }
    }

    /// How many `mates()` streams were opened.
    public var browserCount: Int { state.withLock { $0.browsers.count } }
    /// How many events the browsers have taken from their streams.
    public var deliveredCount: Int { state.withLock { $0.delivered } }
    /// Who advertised, on which port, in order.
    public var advertised: [(runner: Runner, port: Int)] { state.withLock { $0.advertised } }
    /// The terms of every `advertise`, in order.
    public var advertisedTerms: [RaceTerms?] { state.withLock { $0.advertisedTerms } }
    /// Every `announce`, in order.
    public var announcements: [(state: MateState, raceID: String?)] { state.withLock { $0.announcements } }
    /// How many times `stop()` was called.
    public var stopCount: Int { state.withLock { $0.stopCount } }

    // MARK: MateDiscoveryRepository

    @discardableResult
    public func advertise(_ me: Runner, port: Int, terms: RaceTerms?) throws -> String {
        state.withLock { $0.advertised.append((me, port)); $0.advertisedTerms.append(terms) }
        return "\(me.name)-\(me.id.description.prefix(6))"
    }

    public func announce(_ mateState: MateState, raceID: String?) throws {
        state.withLock { $0.announcements.append((mateState, raceID)) }
    }

    public func mates() throws -> AsyncStream<MateEvent> {
        let (events, continuation) = AsyncStream.makeStream(of: MateEvent.self)
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.browsers.append(continuation)
        }
        let iterator = SingleConsumerIterator(events.makeAsyncIterator())
        return AsyncStream { [self] in
            guard let event = await iterator.next() else { return nil }
            state.withLock { $0.delivered += 1 }
            return event
        }
    }

    public func stop() {
        let browsers = state.withLock { state in
            state.stopCount += 1
            return state.browsers
        }
        browsers.forEach { $0.finish() }
    }
}
