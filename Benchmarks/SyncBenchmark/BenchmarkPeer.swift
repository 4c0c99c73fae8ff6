import Data
import Domain
import Foundation
import FrontEndHosting
import FrontEndKit
import Presentation

/// One peer of the benchmark, built the way `materunner run` builds one (AppContainer), with the
/// probes around its position source and its run.
struct BenchmarkPeer: Sendable {
    let runner: Runner
    let probe: FixProbe
    /// The sync as the race sees it, timing the mates' updates handed to it.
    let handed: ProbedSync
    let viewModel: RunningViewModel

    /// The timings of `AppContainer.makeSession` at speed-up 1; the noise filter is off so that
    /// every fix is a position update (at 10 Hz a simulated runner moves 0.3 m per fix, below the
    /// standard filter's 2.5 m minimum step).
    init(index: Int, options: BenchmarkOptions, terms: RaceTerms, sync: UDPRaceSyncRepository, clock: SystemRaceClock) {
        runner = Runner(id: RunnerID(rawValue: 0xBE00 + UInt64(index)), name: "peer\(index)")
        probe = FixProbe()
        handed = ProbedSync(wrapped: sync)
        let source = SimulatedLocationRepository(
            profile: .init(paceSecondsPerKilometre: 300 + Double(index), interval: 1 / options.hertz, seed: UInt64(index) + 1),
            clock: clock
        )
        let configuration = RaceSessionConfiguration(
            me: runner, terms: terms, expectedMates: options.peers - 1,
            lobbyTimeout: 30, heartbeat: 0.5, lostAfter: 10, resultLinger: 30, noiseFilter: .unfiltered
        )
        let session = RaceSession(
            configuration: configuration, location: ProbedLocationRepository(wrapped: source, probe: probe), sync: handed, clock: clock
        )
        viewModel = RunningViewModel(dependency: .init(race: StartObservingSession(wrapped: session, probe: probe), clock: clock))
    }

    /// What one peer saw: the latency of each mate fix it showed, in nanoseconds, and of each mate
    /// update its race was handed.
    struct Observation: Sendable {
        var samples: [UInt64] = []
        var unmatched = 0
        var frames = 0
        var handed = ProbedSync.Arrivals()
    }

    /// Runs the view model into frames through a binder, hands each to a front-end host (which encodes
    /// it for the plugins), and times every change of a mate's elapsed time against the fix behind it,
    /// for fixes that left their source inside `window`, and every mate's update its race is handed.
    /// Ends when the task is cancelled or the run ends.
    func observe(mates: [String: FixProbe], window: Range<UInt64>, clock: SystemRaceClock) async -> Observation {
        handed.watch(mates: mates, window: window)
        let screen = ObservingScreen(host: FrontEndHost(), mates: mates, window: window)
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let (stops, stopContinuation) = AsyncStream.makeStream(of: Void.self)
        defer { stopContinuation.finish() }
        _ = await binder.show(viewModel.transform(input: binder.runningInput(stops: stops)))
        binder.shutdown()
        var observation = screen.observation
        observation.handed = handed.arrivals
        return observation
    }
}
