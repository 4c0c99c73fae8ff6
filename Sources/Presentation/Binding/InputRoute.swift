import FrontEndKit

/// Where the front-ends' input events go while one screen is shown: each kind of event to the input
/// stream of the view model that takes it. Events another screen would take are dropped.
enum InputRoute: Sendable {
    case lobby(accepted: AsyncStream<UInt32>.Continuation, declined: AsyncStream<UInt32>.Continuation, cancel: AsyncStream<Void>.Continuation)
    case running(stop: AsyncStream<Void>.Continuation, cancel: AsyncStream<Void>.Continuation, cheer: AsyncStream<CheerRequest>.Continuation)
    case worldClock(now: AsyncStream<Void>.Continuation, previous: AsyncStream<Void>.Continuation, next: AsyncStream<Void>.Continuation)

    /// Hands `event` to the stream that takes it.
    func receive(_ event: FrontEndInputEvent) {
        switch (self, event.type) {
        case let (.lobby(accepted, _, _), .accept):
            if let id = event.invitation.flatMap(UInt32.init) { accepted.yield(id) }
        case let (.lobby(_, declined, _), .decline):
            if let id = event.invitation.flatMap(UInt32.init) { declined.yield(id) }
        case let (.lobby(_, _, cancel), .cancel):
            cancel.yield()
        case let (.running(stop, _, _), .stop):
            stop.yield()
        case let (.running(_, cancel, _), .cancel):
            cancel.yield()
        case let (.running(_, _, cheer), .cheer):
            cheer.yield(CheerRequest(emoji: event.emoji ?? "", to: event.to))
        case let (.worldClock(now, _, _), .now):
            now.yield()
        case let (.worldClock(_, previous, _), .previousDay):
            previous.yield()
        case let (.worldClock(_, _, next), .nextDay):
            next.yield()
        case (.worldClock, .stop), (.worldClock, .cancel):
            // Leaving the world clock ends its view's inputs, which ends the view model.
            close()
        default:
            break
        }
    }

    /// The caller's stop (Ctrl-C): a cancel in the lobby, a stop in a run, the end of the world clock.
    func stopRequested() {
        switch self {
        case let .lobby(_, _, cancel): cancel.yield()
        case let .running(stop, _, _): stop.yield()
        case .worldClock: close()
        }
    }

    /// Ends every input stream of the route.
    func close() {
        switch self {
        case let .lobby(accepted, declined, cancel):
            accepted.finish()
            declined.finish()
            cancel.finish()
        case let .running(stop, cancel, cheer):
            stop.finish()
            cancel.finish()
            cheer.finish()
        case let .worldClock(now, previous, next):
            now.finish()
            previous.finish()
            next.finish()
        }
    }
}
