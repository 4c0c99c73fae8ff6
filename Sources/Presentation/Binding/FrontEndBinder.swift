import Domain
import Foundation
import FrontEndKit
import Synchronization

/// The one place where the front-ends meet the view models: one task reads the screen's input events
/// and routes each, by type, to the `Input` of the screen shown (lobby, running, world clock); the
/// `show` methods turn a view model's outputs into frames and deliver them, one at a time.
public final class FrontEndBinder: Sendable {
    /// The status frames' rate, at most (see `standardStatusInterval`).
    public static let standardStatusInterval = Duration.milliseconds(80)

    let clock: any RaceClock
    let delivery: FrameDelivery
    /// The least real time between two status frames of a run: the binder's setting at first, longer
    /// while the process is overloaded (the application sets it: docs/ARCHITECTURE.md, "Under overload").
    public var statusInterval: Duration {
        get { statusIntervalSetting.withLock { $0 } }
        set { statusIntervalSetting.withLock { $0 = max(.zero, newValue) } }
    }
    private let statusIntervalSetting: Mutex<Duration>
    /// The lobby's notices after the start, shown until the run's screen ends.
    let lobbyRemainder = Mutex<Task<Void, Never>?>(nil)
    private let router: InputRouter
    private let reading: Task<Void, Never>

    /// A binder showing frames on `screen`, stamped with `clock`'s time; `report` hears about
    /// rejected frames and failures, for the log. A run's status frames come at most once per
    /// `statusInterval` of real time, each with the newest status (the ones in between are skipped):
    /// 12.5 a second by default, what a person can read and a terminal or browser can draw.
    public init(
        screen: any FrontEndScreen, clock: any RaceClock, statusInterval: Duration = FrontEndBinder.standardStatusInterval,
        report: @escaping @Sendable (FrontEndBinder.Report) -> Void = { _ in }
    ) {
        self.clock = clock
        statusIntervalSetting = Mutex(statusInterval)
        delivery = FrameDelivery(screen: screen, report: report)
        let inputs = screen.inputs
        let router = InputRouter()
        self.router = router
        reading = Task {
            for await event in inputs { router.receive(event) }
            router.close()
        }
    }

    // MARK: Inputs

    /// The lobby's input: loaded at once, the front-ends' accept / decline (with the invitation id)
    /// and cancel. Ends the previous screen's input.
    public func lobbyInput() -> LobbyViewModel.Input {
        lobbyInput(cancels: AsyncStream { $0.finish() })
    }

    /// `lobbyInput()` with the caller's `cancels` (e.g. Ctrl-C) taken as the front-ends' cancel.
    public func lobbyInput(cancels: AsyncStream<Void>) -> LobbyViewModel.Input {
        let accepted = AsyncStream.makeStream(of: UInt32.self)
        let declined = AsyncStream.makeStream(of: UInt32.self)
        let cancel = AsyncStream.makeStream(of: Void.self)
        router.open(.lobby(accepted: accepted.continuation, declined: declined.continuation, cancel: cancel.continuation), stops: cancels)
        return LobbyViewModel.Input(
            viewDidLoad: Self.loaded(), accepted: accepted.stream, declined: declined.stream, cancelRequested: cancel.stream
        )
    }

    /// The running screen's input: loaded at once, the front-ends' stop merged with `stops` (Ctrl-C
    /// from the caller), their confirmed cancel, and their cheers. Ends the previous screen's input.
    public func runningInput(stops: AsyncStream<Void>) -> RunningViewModel.Input {
        let stop = AsyncStream.makeStream(of: Void.self)
        let cancel = AsyncStream.makeStream(of: Void.self)
        let cheer = AsyncStream.makeStream(of: CheerRequest.self)
        router.open(.running(stop: stop.continuation, cancel: cancel.continuation, cheer: cheer.continuation), stops: stops)
        return RunningViewModel.Input(
            viewDidLoad: Self.loaded(), stopRequested: stop.stream, cancelConfirmed: cancel.stream, cheerRequested: cheer.stream
        )
    }

    /// The world clock's input: loaded at once, the front-ends' now / previous day / next day. A stop
    /// or cancel from a front-end, or one from `stops`, ends all three (and so the view model).
    /// Ends the previous screen's input.
    public func worldClockInput(stops: AsyncStream<Void>) -> WorldClockViewModel.Input {
        let now = AsyncStream.makeStream(of: Void.self)
        let previous = AsyncStream.makeStream(of: Void.self)
        let next = AsyncStream.makeStream(of: Void.self)
        router.open(.worldClock(now: now.continuation, previous: previous.continuation, next: next.continuation), stops: stops)
        return WorldClockViewModel.Input(
            viewDidLoad: Self.loaded(), nowRequested: now.stream, previousDayRequested: previous.stream,
            nextDayRequested: next.stream
        )
    }

    // MARK: The end

    /// Ends the routing and the lobby's remaining notices, and shuts the screen down (the
    /// front-ends flush); nothing is delivered after.
    public func shutdown() {
        reading.cancel()
        router.close()
        lobbyRemainder.withLock { $0 }?.cancel()
        delivery.close()
    }

    /// The time stamped on a frame made now.
    func stamp() -> String {
        DisplayFormat.timestamp(clock.now)
    }

    /// A view that is loaded at once.
    private static func loaded() -> AsyncStream<Void> {
        AsyncStream {
            $0.yield()
            $0.finish()
        }
    }
}
