import Domain
import Foundation
import MateRunnerTesting
import Synchronization

/// Everything one session's snapshot stream gave, and how it ended.
final class SessionRecorder: Sendable {
    enum Ending: Sendable {
        case finished
        case failed(any Error)
    }

    private struct State {
        var snapshots: [RaceSnapshot] = []
        var ending: Ending?
    }

    let name: String
    private let state = Mutex(State())

    init(name: String) {
        self.name = name
    }

    var snapshots: [RaceSnapshot] { state.withLock { $0.snapshots } }
    var last: RaceSnapshot? { state.withLock { $0.snapshots.last } }
    var ending: Ending? { state.withLock { $0.ending } }
    var hasEnded: Bool { ending != nil }

    /// The error the stream ended with, if it failed.
    var failure: (any Error)? {
        if case .failed(let error) = ending { return error }
        return nil
    }

    /// Starts consuming `session`'s snapshots; the returned task ends when the stream does.
    func record(_ session: any RaceSessionUseCase) -> Task<Void, Never> {
        let stream = session.snapshots()
        return Task {
            do {
                for try await snapshot in stream {
                    state.withLock { $0.snapshots.append(snapshot) }
                }
                state.withLock { $0.ending = .finished }
            } catch {
                state.withLock { $0.ending = .failed(error) }
            }
        }
    }
}

/// Several race sessions on one in-memory network and one manual clock.
struct RaceHarness {
    let clock = ManualRaceClock()
    let network: InMemoryRaceNetwork
    private(set) var recorders: [SessionRecorder] = []
    private(set) var tasks: [Task<Void, Never>] = []
    /// The sessions started, in the order they were added.
    private(set) var sessions: [RaceSession] = []

    init(faults: InMemoryRaceNetwork.Faults = .none) {
        network = InMemoryRaceNetwork(faults: faults)
    }

    /// Sets up one runner: its network endpoint, a straight scripted run from the clock's start,
    /// and a session. Call `start()` once every runner is added, so every endpoint exists first.
    mutating func add(
        _ runner: Runner,
        speed: Double,
        fixes: Int,
        terms: RaceTerms = RaceSamples.race100m,
        expectedMates: Int,
        configure: (inout RaceSessionConfiguration) -> Void = { _ in }
    ) {
        add(runner, script: { ScriptedLocationRepository.straightRun(beginning: $0, speed: speed, count: fixes) },
            terms: terms, expectedMates: expectedMates, configure: configure)
    }

    /// Sets up one runner whose fixes `script` makes from the clock's start.
    mutating func add(
        _ runner: Runner,
        script: (Date) -> [Fix],
        terms: RaceTerms,
        expectedMates: Int,
        configure: (inout RaceSessionConfiguration) -> Void = { _ in }
    ) {
        var configuration = RaceSessionConfiguration(me: runner, terms: terms, expectedMates: expectedMates)
        configure(&configuration)
        let location = ScriptedLocationRepository(script: script(clock.now), clock: clock)
        pending.append((
            runner.name,
            RaceSession(configuration: configuration, location: location, sync: network.endpoint(for: runner.id), clock: clock)
        ))
    }

    private var pending: [(String, RaceSession)] = []

    /// Sets up `runner` again as a peer that restarted: a fresh session on the network's restarted
    /// endpoint (its mates send back the last state they heard), running from the clock's current time.
    mutating func addRestarted(_ runner: Runner, speed: Double, fixes: Int, expectedMates: Int) {
        let configuration = RaceSessionConfiguration(me: runner, terms: RaceSamples.race100m, expectedMates: expectedMates)
        let location = ScriptedLocationRepository(
            script: ScriptedLocationRepository.straightRun(beginning: clock.now, speed: speed, count: fixes), clock: clock
        )
        pending.append((
            runner.name + " (restarted)",
            RaceSession(configuration: configuration, location: location, sync: network.restartedEndpoint(for: runner.id), clock: clock)
        ))
    }

    /// Starts every session added so far.
    mutating func start() {
        for (name, session) in pending {
            let recorder = SessionRecorder(name: name)
            recorders.append(recorder)
            sessions.append(session)
            tasks.append(recorder.record(session))
        }
        pending = []
    }

    /// Lets the sessions catch up with the clock: waits (yielding) until every live session sleeps on
    /// the clock again, then yields a little more so that updates in flight are handled.
    func settle() async {
        for _ in 0..<10_000 {
            let live = recorders.filter { !$0.hasEnded }.count
            if live == 0 || clock.sleeperCount >= live { break }
            await Task.yield()
        }
        for _ in 0..<100 { await Task.yield() }
        // The updates in flight handled before time moves on, however loaded the machine: wait while
        // the sessions are still working through them (bounded; a session that ended leaves its inbox
        // unread, so stop once nothing moved for 2 ms).
        var (last, still) = (network.unhandled, 0)
        for _ in 0..<2_000 where last > 0 && still < 20 {
            try? await Task.sleep(for: .microseconds(100))
            let now = network.unhandled
            still = now < last ? 0 : still + 1
            last = now
        }
        for _ in 0..<100 { await Task.yield() }
    }

    /// Lets the sessions catch up, then moves the clock one second, `seconds` times.
    func advance(seconds: Int) async {
        for _ in 0..<seconds {
            await settle()
            clock.advance(by: 1)
        }
    }

    /// Advances the clock one second at a time until every session's stream has ended.
    func runToEnd(maxSeconds: Int = 600) async throws {
        for _ in 0..<maxSeconds {
            await settle()
            if recorders.allSatisfy(\.hasEnded) { return }
            clock.advance(by: 1)
        }
        await settle()
        let running = recorders.filter { !$0.hasEnded }.map(\.name)
        guard running.isEmpty else {
            throw TestFailure("sessions \(running) still running after \(maxSeconds) s of race clock")
        }
    }

    /// Stops whatever still runs (after a failed expectation), so that no test leaves tasks behind.
    func cancelAll() {
        tasks.forEach { $0.cancel() }
    }
}

extension RaceSnapshot.Stage {
    /// 0 waiting, 1 running, 2 complete: stages only ever move forward.
    var order: Int {
        switch self {
        case .waitingForMates: 0
        case .running: 1
        case .complete: 2
        }
    }
}
