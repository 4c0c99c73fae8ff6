import FrontEndKit
import Synchronization

/// Routes the screen's input events, read by one task, to the route of the screen shown; a new
/// screen's route ends the previous one's streams.
final class InputRouter: Sendable {
    private struct State {
        var route: InputRoute?
        /// Forwards the caller's stops (Ctrl-C) to the route.
        var stops: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Routes input events to `route` from now on, with `stops` as the caller's stop; the previous
    /// route's streams end.
    func open(_ route: InputRoute, stops: AsyncStream<Void>) {
        let forwarding = Task {
            for await _ in stops { route.stopRequested() }
        }
        let previous = state.withLock { state in
            defer { state = State(route: route, stops: forwarding) }
            return state
        }
        previous.stops?.cancel()
        previous.route?.close()
    }

    /// Hands `event` to the route's stream that takes it, if any.
    func receive(_ event: FrontEndInputEvent) {
        state.withLock { $0.route }?.receive(event)
    }

    /// Ends the route's streams; later events go nowhere.
    func close() {
        let ended = state.withLock { state in
            defer { state = State() }
            return state
        }
        ended.stops?.cancel()
        ended.route?.close()
    }
}
