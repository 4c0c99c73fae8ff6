import Domain
import Presentation

/// `materunner clock`: the world clock on its own, with the day keys, until a stop (a front-end's
/// stop key, Ctrl-C) or `limit` readings.
public struct WorldClockFlow: Sendable {
    let request: WorldClockRequest
    /// Readings to show before ending; nil: until stopped.
    let limit: Int?
    let environment: FlowEnvironment

    /// The clock `request` asks for, `limit` readings of it.
    public init(request: WorldClockRequest, limit: Int?, environment: FlowEnvironment) {
        self.request = request
        self.limit = limit
        self.environment = environment
    }

    /// `materunner clock`'s options: `zones` a list of IANA time zones, `count` at least 1 reading,
    /// `tick` at least 0.05 seconds; throws a `RunOptionsError` naming the option that is wrong.
    public static func check(zones: String, count: Int?, tick: Double) throws(RunOptionsError) {
        do { _ = try TimeZoneList.parse(zones) } catch { throw RunOptionsError(error.description) }
        if let count, count < 1 { throw RunOptionsError("--count must be at least 1") }
        guard tick.isFinite, tick >= 0.05 else { throw RunOptionsError("--tick must be at least 0.05 seconds") }
    }

    /// How many readings `materunner clock` shows: `--count`, else until stopped on a terminal and one
    /// reading when the output is not a terminal (a pipe, a file).
    public static func limit(count: Int?, outputIsTerminal: Bool) -> Int? {
        count ?? (outputIsTerminal ? nil : 1)
    }

    /// Shows the clock; returns the command's exit status: 0 when it ended without an error, else 1
    /// (`Fault.noResult`: a reading failed, say the race clock's text did not parse).
    public func run() async -> Int32 {
        await show() ? 0 : Fault.noResult.exitStatus
    }

    /// Shows the clock; returns whether it ended without an error.
    func show() async -> Bool {
        let binder = environment.makeBinder()
        let viewModel = WorldClockViewModel(dependency: .init(
            service: request.service, zones: request.zones, clock: environment.clock, tick: request.tick
        ))
        let input = binder.worldClockInput(stops: environment.interrupts())
        let succeeded = await binder.show(viewModel.transform(input: input), limit: limit)
        binder.shutdown()
        return succeeded
    }
}
