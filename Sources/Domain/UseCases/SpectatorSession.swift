import Foundation

/// How a spectator follows a race.
public struct SpectatorConfiguration: Sendable {
    /// The spectator's own identity: never a runner of the race, never in its standings.
    public var me: Runner
    /// Presence is said this often, so that runners (who learn peers from what they hear) send to us.
    public var heartbeat: TimeInterval
    /// A runner silent for longer than this is shown as lost.
    public var lostAfter: TimeInterval
    /// How long to wait for a race to be heard before giving up.
    public var waitTimeout: TimeInterval
    /// Race-clock seconds per real second (`--speedup`): the wait is said in real seconds.
    public var speedup: Double

    public init(
        me: Runner, heartbeat: TimeInterval = 1, lostAfter: TimeInterval = 10, waitTimeout: TimeInterval = 60, speedup: Double = 1
    ) {
        self.me = me
        self.speedup = speedup
        self.heartbeat = heartbeat
        self.lostAfter = lostAfter
        self.waitTimeout = waitTimeout
    }
}

/// `materunner watch`: follows a race without running in it. It applies the runners' progress to its
/// own replica (the first terms heard are the race followed; runners under other terms are listed
/// apart) and reports standings until the result, and only ever says its presence (`watching`): it
/// never sends progress, so it cannot change anybody's result.
public final class SpectatorSession: RaceSessionUseCase {
    private let configuration: SpectatorConfiguration
    private let sync: any RaceSyncRepository
    private let messaging: any RaceMessagingRepository
    private let clock: any RaceClock
    private let peers: (any RacePeersRepository)?

    /// `peers`, when given, says whether the runners of an invited race refused us as not paired (the
    /// error then says so instead of "no race was heard").
    public init(
        configuration: SpectatorConfiguration, sync: any RaceSyncRepository, messaging: any RaceMessagingRepository, clock: any RaceClock,
        peers: (any RacePeersRepository)? = nil
    ) {
        self.configuration = configuration
        self.sync = sync
        self.messaging = messaging
        self.clock = clock
        self.peers = peers
    }

    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let state = SpectatorState(configuration: configuration, clock: clock)
        let task = Task { [sync, messaging, clock, configuration, peers] in
            let me = configuration.me
            // The ghosts runners announce (a stream that may end at once: not a task of the group below,
            // whose first task to end ends the watch).
            let ghosts = Task {
                for await ghost in sync.ghosts() { await state.adopt(ghost) }
            }
            defer { ghosts.cancel() }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await update in sync.updates() {
                            if let snapshot = await state.receive(update) { continuation.yield(snapshot) }
                            if await state.isOver { return }
                        }
                    }
                    group.addTask {
                        while true {
                            await messaging.send(.presence(me, .watching), from: me, to: nil)
                            if let snapshot = try await state.tick(notPaired: peers?.spectatorNotPaired ?? false) { continuation.yield(snapshot) }
                            if await state.isOver { return }
                            try await clock.sleep(for: configuration.heartbeat)
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// Why watching ended without a race.
public enum SpectatorError: Error, Equatable, CustomStringConvertible {
    /// Nothing was heard for `waited` real seconds.
    case noRaceHeard(waited: TimeInterval)
    /// The runners of an invited race that answered do not know this device as a paired mate.
    case notPaired(waited: TimeInterval)

    /// What to do when the runners of an invited race do not admit this spectator.
    public static let notPairedAdvice = "not paired with any runner of this race: on a runner's device run "
        + "`materunner mates add NAME mr1:…` with this device's identity, and here `materunner mates add RUNNER mr1:…` "
        + "with that runner's (`materunner mates` shows a device's identity); then watch again"

    public var description: String {
        switch self {
        case .notPaired(let waited):
            "\(Self.notPairedAdvice) (waited \(Int(waited.rounded())) s)"
        case .noRaceHeard(let waited):
            "no race was heard in \(Int(waited.rounded())) s: check the runners are running on this network (and the race key), or pass --peer HOST:PORT of a runner"
        }
    }
}

actor SpectatorState {
    private let configuration: SpectatorConfiguration
    private let clock: any RaceClock
    private let createdAt: Date
    private var replica: RaceReplica?
    private var otherTerms: [RunnerID: String] = [:]
    private var startedAt: Date?
    /// The ghosts the runners announced, by id (`Ghost`): shown like the runners see them.
    private var ghosts: [RunnerID: Ghost] = [:]
    private(set) var isOver = false
    /// The snapshots handed out: the same one again (a quiet heartbeat, a repeated update) is not.
    private var handedOut = NewSnapshots()

    init(configuration: SpectatorConfiguration, clock: any RaceClock) {
        self.configuration = configuration
        self.clock = clock
        self.createdAt = clock.now
    }

    func receive(_ update: RunnerProgress) -> RaceSnapshot? {
        guard !isOver, update.runner.id != configuration.me.id else { return nil }
        let now = clock.now
        if replica == nil { replica = RaceReplica(terms: update.terms) }
        guard var replica else { return nil }
        switch replica.apply(update, heardAt: now) {
        case .otherTerms:
            otherTerms[update.runner.id] = update.runner.name
        case .applied:
            if startedAt == nil, update.phase != .waiting { startedAt = now.addingTimeInterval(-update.elapsed) }
        case .stale:
            break
        }
        self.replica = replica
        return changed(snapshot(at: now))
    }

    /// A ghost a runner announced; of two announcements of one ghost, the earlier start is kept.
    func adopt(_ ghost: Ghost) {
        if let held = ghosts[ghost.id], held.start <= ghost.start { return }
        ghosts[ghost.id] = ghost
    }

    func tick(notPaired: Bool = false) throws -> RaceSnapshot? {
        let now = clock.now
        guard replica != nil else {
            if now.timeIntervalSince(createdAt) > configuration.waitTimeout {
                let waited = configuration.waitTimeout / configuration.speedup
                throw notPaired ? SpectatorError.notPaired(waited: waited) : SpectatorError.noRaceHeard(waited: waited)
            }
            return nil
        }
        return changed(snapshot(at: now))
    }

    /// `snapshot` unless it is the one handed out last.
    private func changed(_ snapshot: RaceSnapshot?) -> RaceSnapshot? {
        snapshot.flatMap { handedOut.new($0) }
    }

    private func snapshot(at now: Date) -> RaceSnapshot? {
        guard let replica else { return nil }
        let lost = replica.lost(at: now, after: configuration.lostAfter, excluding: configuration.me.id)
        var progress = replica.progress.values
        if startedAt != nil, replica.terms.mode != .team {
            let realDone = progress.allSatisfy { $0.phase.isFinal || lost.contains($0.runner.id) }
            for id in ghosts.keys.sorted() where replica.progress[id] == nil {
                if let ghost = ghosts[id] { progress.append(ghost.progress(at: now, terms: replica.terms, realRunnersDone: realDone)) }
            }
        }
        let standings = ResolveRace.standings(of: progress, terms: replica.terms, lost: lost)
        let stage: RaceSnapshot.Stage
        if standings.isComplete, startedAt != nil {
            stage = .complete
            isOver = true
        } else if startedAt != nil {
            stage = .running
        } else {
            stage = .waitingForMates(heard: replica.progress.count, expected: replica.progress.count)
        }
        return RaceSnapshot(
            me: configuration.me.id, stage: stage, startedAt: startedAt, standings: standings,
            otherTermsRunners: otherTerms.values.sorted()
        )
    }
}
