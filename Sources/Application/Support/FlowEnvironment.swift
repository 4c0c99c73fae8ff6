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
    public var logger: Logger
    /// Where the error that ends a flow is written, as one plain line (`FlowError.line`); nil: the log.
    public var errors: LineOutput?

    /// An environment.
    public init(
        screen: any FrontEndScreen, clock: any RaceClock, timings: RunTimings,
        interrupts: @escaping @Sendable () -> AsyncStream<Void>, logger: Logger, errors: LineOutput? = nil
    ) {
        self.screen = screen
        self.clock = clock
        self.timings = timings
        self.interrupts = interrupts
        self.logger = logger
        self.errors = errors
    }

    /// A binder on `screen` whose reports are logged, and its errors written to `errors`.
    func makeBinder() -> FrontEndBinder {
        FrontEndBinder.logging(to: logger, errors: errors, screen: screen, clock: clock)
    }

    /// The running screen on `binder`.
    func runScreen(_ binder: FrontEndBinder) -> RunScreen {
        RunScreen(binder: binder, clock: clock, interrupts: interrupts)
    }
}
