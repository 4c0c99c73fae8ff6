import Foundation

/// The mutable heart of one run, behind an actor: our own progress, the replica of everybody's,
/// and the stage transitions. `RaceSession` drives it from its tasks.
actor RaceSessionState {
    enum RecordOutcome: Equatable { case running, finished, ignored }

    // Internal (not private) where the team and cancel rules in RaceSessionState+TeamAndCancel.swift use them.
    let configuration: RaceSessionConfiguration
    let clock: any RaceClock
    let sync: any RaceSyncRepository
    let emit: AsyncThrowingStream<RaceSnapshot, any Error>.Continuation
    /// How often our fixes are published, at most (`UpdatePacing`).
    let pacing: UpdatePacing

    var replica: RaceReplica
    var own: RunnerProgress
    private var tracker: DistanceTracker
    private var effort: EffortMeter
    /// Our runner along the course, in a course race.
    var courseMatcher: CourseMatcher?
    var lastStep: (distance: Double, time: TimeInterval) = (0, 0)
    private var usedFixes = 0
    /// When our progress last went out, and whether it said we were off course.
    private var lastPublishedAt: Date?
    private var lastPublishedOffCourse = false
    private let createdAt: Date
    var startedAt: Date?
    /// The state taken back from the mates after a restart (RaceSessionState+CatchUp.swift).
    var catchUp = RestartCatchUp()
    private var completedAt: Date?
    /// The snapshots emitted: the heartbeat emits only a different one.
    private var emitted = NewSnapshots()
    /// When the last step was made, whether mates' updates applied since wait for a step, and whether
    /// one is scheduled for them (`receive`, `configuration.stepSpacing`).
    private var lastStepAt: Date?
    private var stepOwed = false {
        didSet { if stepOwed != oldValue { owed.set(stepOwed) } }
    }
    /// `stepOwed`, for a view about to draw (`RaceSession.makeOwedStep()`).
    private let owed: OwedStep
    private var stepScheduled = false
    var isOver = false
    /// The ghosts of this race, ours and those mates announced, by id (RaceSessionState+Ghosts.swift).
    var ghosts: [RunnerID: Ghost] = [:]
    var failure: (any Error)?
    /// On a course with laps: each runner's laps so far (`Splits.LapTimer`).
    private var lapTimers: [RunnerID: Splits.LapTimer] = [:]
    private let lapMarks: [Double]
    /// In a run agreed in a lobby: the first mate heard under other terms, and when (the run then ends).
    private var agreedMismatch: (mismatch: TermsMismatch, at: Date)?
    /// Mates heard under other terms (goal, mode, speed-up): since when, and how they differ.
    private var otherTerms: [RunnerID: (since: Date, mismatch: TermsMismatch)] = [:]
    var startWaiters: [CheckedContinuation<Void, any Error>] = []
    private var overWaiters: [CheckedContinuation<Void, any Error>] = []

    init(
        configuration: RaceSessionConfiguration,
        clock: any RaceClock,
        sync: any RaceSyncRepository,
        emit: AsyncThrowingStream<RaceSnapshot, any Error>.Continuation,
        pacing: UpdatePacing = UpdatePacing(),
        owed: OwedStep = OwedStep()
    ) {
        self.pacing = pacing
        self.owed = owed
        self.configuration = configuration
        self.clock = clock
        self.sync = sync
        self.emit = emit
        self.replica = RaceReplica(terms: configuration.terms)
        self.tracker = DistanceTracker(settings: configuration.noiseFilter)
        self.effort = EffortMeter(profile: configuration.profile)
        self.courseMatcher = configuration.course.map { CourseMatcher(course: $0, settings: configuration.courseMatcher) }
        self.own = RunnerProgress(runner: configuration.me, terms: configuration.terms, sequence: 1)
        self.createdAt = clock.now
        self.lapMarks = configuration.course.map {
            Splits.lapMarks(lapLength: $0.lapLength, laps: $0.laps, goal: configuration.terms.goal.metres)
        } ?? []
        replica.apply(own, heardAt: createdAt)
    }

    var ownDistance: Double { own.distance }

    /// What our run had when the position source ended.
    var sourceEnd: RaceSessionError.SourceEnd {
        RaceSessionError.SourceEnd(
            distance: own.distance, usedFixes: usedFixes, dropped: tracker.rejections,
            course: configuration.terms.course, farFromCourse: courseMatcher?.farPositions ?? 0
        )
    }

    // MARK: Inputs

    /// Mates' progress arrived, in this order: each applied as if alone, heard at the instant the batch
    /// is taken (the clock read once, not once an update), then one step (and one snapshot) for all.
    ///
    /// The step waits when it may (`configuration.stepSpacing`): an update that only moves a mate on
    /// (its distance and time), arriving less than the spacing after the last step, is applied to the
    /// replica at once and stepped with whatever comes next, our own fix or the step scheduled for the
    /// end of the spacing. Anything else steps at once: a runner first heard, a phase, a final result, a
    /// finish time, leaving or rejoining the course, the lobby, a complete race, a team race. The
    /// replica, and so every result, is the same; a view about to draw makes the owed step first
    /// (`makeOwedStep()`), so a move is never a frame late for it, and with many mates the steps (the
    /// standings, the snapshot, the record, the view model) go at most once a spacing rather than once
    /// a datagram.
    func receive(_ batch: [RunnerProgress]) async {
        var applied = false
        var stepNow = false
        let heardAt = clock.now
        // When no step may wait, an update's previous state is never looked up.
        let spaced = stepsMayWait
        for update in batch {
            guard !isOver else { return }
            // Our own state, sent back by a mate after this peer restarted.
            if update.runner.id == own.runner.id {
                await adoptRelayed(update)
                continue
            }
            // A mate on another course cannot be compared with: say so rather than wait for it.
            if update.terms.course != configuration.terms.course {
                fail(RaceSessionError.otherCourse(
                    mate: update.runner.name, theirs: update.terms.course, ours: configuration.terms.course
                ))
                continue
            }
            // A mate under other terms: shown at once, and the end of the run when its runners were agreed.
            if let mismatch = TermsMismatch(mate: update.runner.name, theirs: update.terms, ours: configuration.terms) {
                if configuration.matesAgreed {
                    // Our state goes out at once and for `mismatchLinger` more (a hello goes with every 4th
                    // publish), so that the mate, who may not have heard us yet, stops too; then we stop.
                    if agreedMismatch == nil {
                        agreedMismatch = (mismatch, heardAt)
                        await publishOwn(at: heardAt)
                    }
                }
                if otherTerms[update.runner.id]?.mismatch != mismatch { stepNow = true }
                otherTerms[update.runner.id] = (otherTerms[update.runner.id]?.since ?? heardAt, mismatch)
                replica.apply(update, heardAt: heardAt)
                applied = true
                continue
            }
            otherTerms[update.runner.id] = nil
            let before = spaced && !stepNow ? replica.progress[update.runner.id] : nil
            if replica.apply(update, heardAt: heardAt) == .applied {
                applied = true
                if spaced, !stepNow { stepNow = !(before.map(update.onlyMovesOn(from:)) ?? false) }
            }
        }
        guard applied, !isOver else { return }
        if stepNow || !mayOweStep(at: heardAt) {
            await advance()
        } else {
            oweStep()
        }
    }

    /// Whether this run's steps for mates' updates may wait at all: a spacing set, and not a team's
    /// (whose goal any mate's distance may reach).
    private var stepsMayWait: Bool {
        configuration.stepSpacing > 0 && configuration.terms.mode != .team
    }

    /// Whether a step for mates' updates heard at `now` may wait: steps that may (`stepsMayWait`), a
    /// running race that is not complete, and a step less than the spacing ago.
    private func mayOweStep(at now: Date) -> Bool {
        guard stepsMayWait, startedAt != nil, completedAt == nil, let lastStepAt, now >= lastStepAt else { return false }
        return now.timeIntervalSince(lastStepAt) < configuration.stepSpacing
    }

    /// Notes a step owed to mates' updates, and schedules it for the end of the spacing unless one is.
    private func oweStep() {
        stepOwed = true
        guard !stepScheduled, let lastStepAt else { return }
        stepScheduled = true
        let due = lastStepAt.addingTimeInterval(configuration.stepSpacing)
        Task { [clock, tolerance = configuration.stepTolerance] in
            try? await clock.sleep(until: due, tolerance: tolerance)
            await self.stepIfOwed()
        }
    }

    /// The scheduled step, unless a step since (our fix, the heartbeat, an urgent update, a view about
    /// to draw) made it.
    private func stepIfOwed() async {
        stepScheduled = false
        _ = await makeOwedStep()
    }

    /// The owed step now, for a view about to draw (`RaceSessionUseCase.makeOwedStep()`): whether one was
    /// made. The scheduled one then finds nothing owed.
    func makeOwedStep() async -> Bool {
        guard stepOwed, !isOver else { return false }
        await advance()
        return true
    }

    /// The heartbeat: re-publish, check the lobby, lost mates and the end. Returns false once over.
    func tick() async throws -> Bool {
        if let failure { throw failure }
        if isOver { return false }
        let now = clock.now
        if startedAt == nil, now.timeIntervalSince(createdAt) > configuration.lobbyTimeout {
            fail(RaceSessionError.matesDidNotShowUp(
                heard: heardMates, expected: configuration.expectedMates, waited: configuration.lobbyTimeout / configuration.speedup
            ))
            return false
        }
        if let agreed = agreedMismatch, now.timeIntervalSince(agreed.at) >= configuration.mismatchLinger {
            fail(RaceSessionError.otherTerms(agreed.mismatch))
            return false
        }
        if startedAt == nil, let mismatch = mismatchEndingWait(at: now) {
            fail(RaceSessionError.otherTerms(mismatch))
            return false
        }
        // Our state again when no fix has carried it lately (before the start, after the finish, a slow
        // source or paced fixes): a mate that lost a datagram gets it, and knows we are here.
        if nothingPublished(for: configuration.heartbeat * Self.quietShare, at: now) {
            await publishOwn(at: now)
        }
        // A snapshot only when the heartbeat changed something (a mate lost, the lobby's count, the end):
        // the same snapshot again would be recorded, mapped and drawn for nothing, two or more times a second.
        await advance(unlessUnchanged: true)
        return !isOver
    }

    /// The mismatch that ends the wait for mates at `now`: fewer mates heard under our terms than
    /// expected, enough under other terms to make up the number, and the first of those heard at least
    /// `mismatchGrace` ago (the right mate, had it come, would have been heard by then).
    private func mismatchEndingWait(at now: Date) -> TermsMismatch? {
        guard heardMates < configuration.expectedMates, heardMates + otherTerms.count >= configuration.expectedMates,
              let first = otherTerms.values.min(by: { ($0.since, $0.mismatch.mate) < ($1.since, $1.mismatch.mate) }),
              now.timeIntervalSince(first.since) >= configuration.mismatchGrace
        else { return nil }
        return first.mismatch
    }

    /// The share of a heartbeat with nothing published after which the heartbeat publishes.
    static let quietShare = 0.75

    /// Whether our progress has not gone out for `seconds` at `now` (or never has; or the clock went back).
    private func nothingPublished(for seconds: TimeInterval, at now: Date) -> Bool {
        guard let last = lastPublishedAt, now >= last else { return true }
        return now.timeIntervalSince(last) >= seconds
    }

    /// Sends our progress to the mates, noting when.
    func publishOwn(at now: Date) async {
        lastPublishedAt = now
        lastPublishedOffCourse = own.isOffCourse
        await sync.publish(own)
    }

    /// One of our own fixes.
    func record(_ fix: Fix) async -> RecordOutcome {
        // Once our progress is final (a team mate's update may have finished us) the source is not needed.
        if own.phase.isFinal { return .finished }
        guard let startedAt, own.phase == .running else { return .ignored }
        guard case .accepted = tracker.add(fix) else { return .ignored }
        usedFixes += 1
        let time = catchUp.elapsedBase + max(0, fix.timestamp.timeIntervalSince(startedAt))
        // Along the course (absolute: a restart resumed the matcher where the mates last heard us), or
        // the GPS distance on top of what the mates held.
        let counted: Double
        if var matcher = courseMatcher {
            matcher.match(fix.coordinate, at: fix.timestamp)
            courseMatcher = matcher
            counted = max(own.distance, matcher.progress)
            own.isOffCourse = matcher.isOffCourse
        } else {
            counted = catchUp.distanceBase + tracker.distance
        }
        let step = (distance: counted, time: time)
        own.distance = step.distance
        own.elapsed = time
        effort.record(time: time - catchUp.elapsedBase, distance: step.distance - catchUp.distanceBase)
        // In a team the goal is reached when the mates' distance plus ours reaches it.
        let goal = configuration.terms.goal.metres - (configuration.terms.mode == .team ? matesDistance : 0)
        if step.distance >= goal {
            own.phase = .finished
            own.finishTime = DistanceTracker.crossingTime(goal: goal, from: lastStep, to: step)
        }
        lastStep = step
        own.sequence &+= 1
        own = own.quantized()
        replica.apply(own, heardAt: clock.now)
        // Every fix, unless paced under overload (the finish and a change of course state go at once).
        let now = clock.now
        let urgent = own.phase != .running || own.isOffCourse != lastPublishedOffCourse
        if urgent || nothingPublished(for: pacing.interval, at: now) {
            await publishOwn(at: now)
        }
        await advance()
        return own.phase == .finished ? .finished : .running
    }

    /// A task of the run failed: the run ends with this error.
    func fail(_ error: any Error) {
        guard failure == nil, !isOver else { return }
        failure = error
        for waiter in startWaiters + overWaiters { waiter.resume(throwing: error) }
        startWaiters = []
        overWaiters = []
    }

    // MARK: Waiting

    func waitUntilStarted() async throws {
        if let failure { throw failure }
        if startedAt != nil { return }
        try await withCheckedThrowingContinuation { startWaiters.append($0) }
    }

    func waitUntilOver() async throws {
        if let failure { throw failure }
        if isOver { return }
        try await withCheckedThrowingContinuation { overWaiters.append($0) }
    }

    // MARK: Transitions

    private var heardMates: Int {
        let me = own.runner.id
        return replica.progress.values.count { $0.runner.id != me }
    }

    /// Moves through the stages as far as the current state allows, then emits a snapshot (with
    /// `unlessUnchanged`, only one that differs from the last emitted).
    func advance(unlessUnchanged: Bool = false) async {
        let now = clock.now
        lastStepAt = now
        stepOwed = false
        if startedAt == nil, heardMates >= configuration.expectedMates {
            await start(at: now)
        }
        if startedAt != nil { await finishWithTeamIfReached(at: now) }
        let lost = replica.lost(at: now, after: configuration.lostAfter, excluding: own.runner.id)
        var standings = self.standings(lost: lost, at: now)
        if startedAt != nil, standings.isComplete {
            if completedAt == nil { completedAt = now }
            if !own.hasFinalResult {
                own.hasFinalResult = true
                own.sequence &+= 1
                replica.apply(own, heardAt: now)
                standings = self.standings(lost: lost, at: now)
                await sync.publish(own)
            }
        }
        if !lapMarks.isEmpty, startedAt != nil { timeLaps(standings) }
        emitSnapshot(snapshot(standings: standings), unlessUnchanged: unlessUnchanged)
        if let completedAt, !isOver {
            // Keep answering every mate still heard from until it too has the result: it may lack
            // our final state. A mate silent past the lost timeout has stopped or crashed.
            let gone = replica.silent(at: now, after: configuration.lostAfter, excluding: own.runner.id)
            let everyoneHasIt = replica.progress.values.allSatisfy { $0.hasFinalResult || gone.contains($0.runner.id) }
            if everyoneHasIt || now.timeIntervalSince(completedAt) >= configuration.resultLinger {
                finish()
            }
        }
    }

    /// Each runner's laps, on from where they stood.
    private func timeLaps(_ standings: RaceStandings) {
        for standing in standings.standings {
            var timer = lapTimers[standing.runner.id] ?? Splits.LapTimer(marks: lapMarks)
            timer.note(elapsed: standing.elapsed, distance: standing.distance, finishTime: standing.finishTime)
            lapTimers[standing.runner.id] = timer
        }
    }

    /// Emits `snapshot` (with `unlessUnchanged`, only when it differs from the last emitted).
    func emitSnapshot(_ snapshot: RaceSnapshot, unlessUnchanged: Bool = false) {
        if unlessUnchanged {
            if let new = emitted.new(snapshot) { emit.yield(new) }
        } else {
            emitted.note(snapshot)
            emit.yield(snapshot)
        }
    }

    private func start(at now: Date) async {
        startedAt = now
        own.phase = .running
        own.sequence &+= 1
        replica.apply(own, heardAt: now)
        await announceGhost(startingAt: now)
        for waiter in startWaiters { waiter.resume() }
        startWaiters = []
    }

    func finish() {
        isOver = true
        for waiter in overWaiters { waiter.resume() }
        overWaiters = []
    }

    func snapshot(standings: RaceStandings) -> RaceSnapshot {
        let stage: RaceSnapshot.Stage
        if startedAt == nil {
            stage = .waitingForMates(heard: heardMates, expected: configuration.expectedMates)
        } else if completedAt != nil {
            stage = .complete
        } else {
            stage = .running
        }
        return RaceSnapshot(
            me: own.runner.id,
            stage: stage,
            startedAt: startedAt,
            standings: standings,
            otherTermsRunners: replica.otherTerms.values.map(\.runner.name).sorted(),
            mismatches: otherTerms.values.map(\.mismatch).sorted { $0.mate < $1.mate },
            laps: lapTimers.compactMapValues { $0.laps.isEmpty ? nil : $0.laps },
            effort: effort.effort(tracker: tracker),
            course: courseMatcher.map { CourseStatus(matcher: $0) },
            places: configuration.course.map { course in
                standings.standings.reduce(into: [:]) { places, standing in
                    places[standing.runner.id] = (replica.progress[standing.runner.id] ?? ghostProgress(standing)).map { CoursePlace($0, on: course) }
                }
            } ?? [:]
        )
    }
}
