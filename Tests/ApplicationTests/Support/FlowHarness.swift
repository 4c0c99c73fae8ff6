@testable import Application
import Domain
import Foundation
import FrontEndKit
import Logging
import MateRunnerTesting
import Presentation

/// Runners of in-memory races for flow tests: one manual race clock, one lossless network, and for
/// each runner its own transport, front-end screen and record store. Time moves only when every task
/// is parked on the clock (`driven`): no test sleeps.
final class FlowHarness: Sendable {
    /// One runner's side: what its flow is built with and what a test reads back.
    struct Side: Sendable {
        let runner: Runner
        let transport: InMemoryRaceTransport
        let screen: RecordingScreen
        let records: InMemoryRunRecordRepository
        let recorder: RunRecorder
        /// What its flow logged, as `LEVEL message` (`CapturingLogHandler`).
        let log = CapturedLines()
    }

    let clock = ManualRaceClock()
    let races = InMemoryRaceNetwork()
    let messages = InMemoryMessageNetwork()
    let timings: RunTimings
    /// Each time a flow started race time: whose, and the frames its screen had shown by then.
    let raceTimeStarts = Locked<[(name: String, frames: [FrontEndFrame])]>([])

    /// Runners whose race time would run `scale` times faster (the manual clock moves as the test says).
    /// `lostAfter`: race seconds of silence before a mate shows as lost (a loaded machine may starve a
    /// task while the driver moves the clock on: a longer one keeps that from deciding a result).
    init(scale: Double = 1, lostAfter: TimeInterval = 10) {
        var timings = RunTimings(scale: scale)
        timings.lostAfter = lostAfter
        // The driven clock runs races faster than real time: every status is shown, none paced away, and
        // every batch of mates' updates stepped at once.
        timings.statusInterval = .zero
        timings.stepSpacing = 0
        self.timings = timings
    }

    /// `name`'s side, with id `id`.
    func side(_ name: String, id: UInt64) -> Side {
        let runner = Runner(id: RunnerID(rawValue: id), name: name)
        let records = InMemoryRunRecordRepository()
        return Side(
            runner: runner, transport: InMemoryRaceTransport(id: runner.id, races: races, messages: messages),
            screen: RecordingScreen(), records: records, recorder: RunRecorder(repository: records, runID: "run-\(name)")
        )
    }

    func environment(_ side: Side) -> FlowEnvironment {
        FlowEnvironment(
            screen: side.screen, clock: clock, timings: timings, interrupts: { AsyncStream { _ in } },
            logger: CapturingLogHandler.logger("test.\(side.runner.name)", into: side.log),
            startRaceTime: { [raceTimeStarts] in raceTimeStarts.withLock { $0.append((side.runner.name, side.screen.frames)) } },
            // The flows' overload watches follow this harness's sleeps only: another test's late timer,
            // on a loaded machine, must not pace these runs' updates (a restart resumes from the last one
            // published).
            lateness: SleepLateness()
        )
    }

    /// A run of `side` in `role`, toward `goal` km, at `speed` m/s from when its session first asks for positions.
    /// With `course` (its `--course`, and its terms), the run is on that course; `courses` is where it finds
    /// a host's course it does not have (kept, or fetched from the host). `ghost`: the ghost it announces.
    func runFlow(
        _ side: Side, role: RunRequest.Role, goal: Double = 0.2, speed: Double, wait: TimeInterval = 60,
        course: (LappedCourse, CourseTerms)? = nil, courses: (any CourseRepository)? = nil, ghost: GhostTrack? = nil
    ) throws -> RunFlow {
        let clock = self.clock
        var request = RunRequest(
            me: side.runner, terms: RaceTerms(mode: .race, goal: try RaceGoal(kilometres: goal), course: course?.1), profile: .standard,
            peers: [PeerAddress(host: "127.0.0.1", port: 47474)], role: role, wait: wait, course: course?.0
        )
        request.ghost = ghost
        let dependencies = RunDependencies(
            transport: side.transport, discovery: { InMemoryMateDiscovery() },
            location: { _ in ScriptedLocationRepository(
                script: ScriptedLocationRepository.straightRun(beginning: clock.now, speed: speed, count: 400), clock: clock
            ) },
            recorder: side.recorder, courses: courses, environment: environment(side)
        )
        return RunFlow(request: request, dependencies: dependencies)
    }

    /// Runs `body` while the clock moves by 0.25 s each time every task is parked on it.
    func driven<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await clock.driving(step: 0.25, settle: 50, body)
    }
}

extension RecordingScreen {
    /// The first frame that `matches`, or a failure when the screen shut down first.
    func waitForFrame(_ matches: @escaping @Sendable (FrontEndFrame) -> Bool) async throws -> FrontEndFrame {
        guard let frame = await frame(where: matches) else { throw TestFailure("the screen shut down before the frame came") }
        return frame
    }

    /// Whether a notice containing `text` was shown.
    func showedNotice(containing text: String) -> Bool {
        frames.contains { $0.type == .notice && ($0.message ?? "").contains(text) }
    }
}
