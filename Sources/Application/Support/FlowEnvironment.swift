import Domain
import Logging
import Presentation

/// What every flow that draws on the front-ends is built with: the front-ends, the race clock and
/// its timings, the person's interrupts, and where logs go.
public struct FlowEnvironment: Sendable {
    /// The front-ends.
    public var screen: any FrontEndScreen
    /// The race clock (agreed with the mates in a real run).
    public var clock: any RaceClock
    public var timings: RunTimings
    /// Makes a stream of the person's interrupts (Ctrl-C, SIGTERM) for as long as it is read.
    public var interrupts: @Sendable () -> AsyncStream<Void>
    /// The exit status the interrupt that stopped a run asks for (130 for Ctrl-C, 143 for SIGTERM, 141
    /// for a closed output: `InterruptSignals.exitStatus`); nil when none came (a stop from a front-end).
    public var interruptStatus: @Sendable () -> Int32?
    public var logger: Logger
    /// Where the error that ends a flow is written, as one plain line (`FlowError.line`); nil: the log.
    public var errors: LineOutput?
    /// Starts race time: from now on `clock` runs `timings.scale` times faster (a no-op for a clock
    /// that is not sped up, or already is). Until then it reads real time: the lobby, its timeouts
    /// and the agreed start are real.
    public var startRaceTime: @Sendable () -> Void
    /// How late the race clocks' sleeps wake, which the overload watch of a run, the demo or a spectator
    /// follows: the process's (`SleepLateness.shared`), or a test's own, which other tests' sleeps do not
    /// reach.
    public var lateness: SleepLateness
    /// Sleeps a real duration, throwing when cancelled: the screens' pacing (`RunningViewModel.Dependency.realSleep`).
    /// `Task.sleep` by default; the process's event loop's timer where it runs every task (docs/ARCHITECTURE.md, "One thread").
    public var realSleep: @Sendable (Duration) async throws -> Void
    /// Returns once the work ready now has run (`RunningViewModel.Dependency.settle`): nothing by default;
    /// the process's event loop's turn where it runs every task.
    public var settle: @Sendable () async -> Void

    /// An environment.
    public init(
        screen: any FrontEndScreen, clock: any RaceClock, timings: RunTimings,
        interrupts: @escaping @Sendable () -> AsyncStream<Void>, logger: Logger, errors: LineOutput? = nil,
        startRaceTime: @escaping @Sendable () -> Void = {}, lateness: SleepLateness = .shared,
        realSleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        settle: @escaping @Sendable () async -> Void = {}, interruptStatus: @escaping @Sendable () -> Int32? = { nil }
    ) {
        self.interruptStatus = interruptStatus
        self.screen = screen
        self.clock = clock
        self.timings = timings
        self.interrupts = interrupts
        self.logger = logger
        self.errors = errors
        self.startRaceTime = startRaceTime
        self.lateness = lateness
        self.realSleep = realSleep
        self.settle = settle
    }

    /// A binder on `screen` whose reports are logged, and its errors written to `errors`.
    func makeBinder() -> FrontEndBinder {
        FrontEndBinder.logging(to: logger, errors: errors, screen: screen, clock: clock, statusInterval: timings.statusInterval)
    }

    /// The running screen on `binder`.
    func runScreen(_ binder: FrontEndBinder) -> RunScreen {
        RunScreen(binder: binder, clock: clock, interrupts: interrupts, realSleep: realSleep, settle: settle)
    }
}
