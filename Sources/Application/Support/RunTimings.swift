import Domain
import Foundation
import Presentation

/// The timings of a run, given in real seconds and run on the race clock, which may be sped up
/// (`--speedup`, a replay's xSPEED). Speed-up is race time only: the lobby runs before race time
/// starts, on real seconds; the run's intervals are scaled by `scale`, and what a person is told
/// about a wait is said in real seconds.
public struct RunTimings: Sendable, Equatable {
    /// Race-clock seconds per real second.
    public var scale: Double
    /// Real seconds between heartbeats.
    public var heartbeat: TimeInterval = 0.5
    /// How much later than its time a heartbeat may come (`RaceSessionConfiguration.heartbeatTolerance`),
    /// so that it comes with a fix or a mate's datagram rather than on a timer of its own: a fifth of the
    /// heartbeat (docs/BENCHMARKS.md, "the heartbeat rides").
    public var heartbeatTolerance: TimeInterval = 0.1
    /// Real seconds of silence after which a mate shows as lost.
    public var lostAfter: TimeInterval = 10
    /// Real seconds a finished run stays up for mates to hear the result.
    public var resultLinger: TimeInterval = 30
    /// The least real time between two status frames (`FrontEndBinder`); zero for every status, as
    /// tests on a driven clock want, which runs a race faster than real time.
    public var statusInterval: Duration = FrontEndBinder.standardStatusInterval
    /// The least real time between two race steps made for mates' updates that only move them on
    /// (`RaceSessionConfiguration.stepSpacing`): a quarter of the status frames' interval. A frame never
    /// waits for it (the view makes the owed step before it draws, `RaceSessionUseCase.makeOwedStep()`);
    /// longer or shorter measured no better (docs/BENCHMARKS.md, "a frame never waits for a step"). Zero
    /// for a step every batch, as tests on a driven clock want.
    public var stepSpacing: TimeInterval = 0.02
    /// How much later than the spacing's end a step owed to mates' moves may be made, so that it is made
    /// in a wake-up that comes anyway (a mate's datagram, our fix) rather than on a timer of its own
    /// (`RaceSessionConfiguration.stepTolerance`): one status interval, so a move is shown at most one
    /// frame later than on its own timer (docs/BENCHMARKS.md, "sleeps that ride on other wake-ups").
    public var stepTolerance: TimeInterval = 0.08
    /// How much later than its pace a status frame may go (`FlowEnvironment.realSleep`'s tolerance), so
    /// that it goes out in a wake-up that comes anyway (a mate's datagram, a fix) rather than on a timer
    /// of its own: half the status frames' interval (docs/BENCHMARKS.md, "sleeps that ride on other
    /// wake-ups").
    public var paceTolerance: Duration = .milliseconds(40)

    /// Real seconds a mate heard under other terms may stand in for an expected mate before the wait
    /// ends naming the difference (`RaceSessionConfiguration.mismatchGrace`).
    public var mismatchGrace: TimeInterval = 5
    /// Real seconds an invited run goes on publishing after a mate was heard under other terms
    /// (`RaceSessionConfiguration.mismatchLinger`): four heartbeats, so a hello goes too.
    public var mismatchLinger: TimeInterval = 2

    /// Timings on a clock `scale` times faster than real time.
    public init(scale: Double) {
        self.scale = scale
    }

    /// A race session's configuration: wait `wait` real seconds for `expectedMates`.
    public func session(
        me: Runner, terms: RaceTerms, expectedMates: Int, wait: TimeInterval, profile: RunnerProfile
    ) -> RaceSessionConfiguration {
        var configuration = RaceSessionConfiguration(
            me: me, terms: terms, expectedMates: expectedMates, lobbyTimeout: wait * scale,
            heartbeat: heartbeat * scale, lostAfter: lostAfter * scale, resultLinger: resultLinger * scale,
            profile: profile, speedup: scale, stepSpacing: stepSpacing * scale, stepTolerance: stepTolerance * scale,
            heartbeatTolerance: heartbeatTolerance * scale
        )
        configuration.mismatchGrace = mismatchGrace * scale
        configuration.mismatchLinger = mismatchLinger * scale
        return configuration
    }

    /// The lobby's settings, in real seconds (race time has not started): invitations repeated every
    /// half second, a 3 s countdown, up to `wait` seconds to find invitees (at most 15) or to be
    /// invited. Only the host's grace for late answers runs after the start, on race time: scaled.
    public func lobby(me: Runner, wait: TimeInterval) -> LobbySettings {
        LobbySettings(
            me: me, repeatEvery: 0.5, countdown: 3, lookupTimeout: min(wait, 15), joinTimeout: wait, startGrace: 5 * scale
        )
    }

    /// A spectator's configuration: wait `wait` real seconds to hear a race.
    public func spectator(me: Runner, wait: TimeInterval) -> SpectatorConfiguration {
        SpectatorConfiguration(
            me: me, heartbeat: heartbeat * scale, lostAfter: lostAfter * scale, waitTimeout: wait * scale, speedup: scale
        )
    }
}
