import Domain
import Foundation
import FrontEndKit

// MARK: The run behind the outputs

extension RunningViewModel {
    /// Runs until the race ends or a stop: the tick, the snapshots, the stop, a confirmed cancel and the
    /// cheers each in their own task; the end of the race or a stop ends them all.
    static func run(input: Input, dependency: Dependency, state: RunningState, outputs: Continuations) async {
        // Each task returns whether its end ends the run: the run itself ending, or a stop.
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await tickElapsed(state: state, dependency: dependency)
                return false
            }
            group.addTask {
                await follow(dependency: dependency, state: state, outputs: outputs)
                return true
            }
            group.addTask {
                for await _ in input.stopRequested {
                    outputs.say(.info, "run stopped")
                    return true
                }
                return false
            }
            if dependency.role == .runner {
                group.addTask {
                    for await _ in input.cancelConfirmed { await dependency.race.cancel() }
                    return false
                }
            }
            if let positions = dependency.positions {
                group.addTask {
                    for await position in positions() { await state.update(position) }
                    return false
                }
            }
            if let refusals = dependency.refusals {
                group.addTask {
                    var notices = RefusalNotices()
                    for await refused in refusals() {
                        for line in notices.notices(for: refused) { outputs.say(.warning, line) }
                    }
                    return false
                }
            }
            if let watcher = dependency.watcher {
                group.addTask {
                    await advise(watcher, clock: dependency.clock, outputs: outputs)
                    return false
                }
            }
            if let cheers = dependency.cheers {
                if dependency.role == .runner {
                    group.addTask {
                        for await request in input.cheerRequested { await send(request, with: cheers, outputs: outputs) }
                        return false
                    }
                }
                group.addTask {
                    for await received in cheers.received() {
                        outputs.cheer.yield(FrontEndCheer(
                            from: received.sender.name, to: received.recipient?.name, emoji: received.emoji.symbol
                        ))
                    }
                    return false
                }
            }
            while let endsRun = await group.next() {
                if endsRun { break }
            }
            group.cancelAll()
        }
        // Every run shown ends with its result: complete, or as it stood when it was stopped or cancelled.
        if let result = await state.takeResult(role: dependency.role) { outputs.result.yield(result) }
    }

    /// Every snapshot onto the status (at most one per `snapshotInterval`); a mate's cancel said once;
    /// the result at the end of a complete race.
    private static func follow(dependency: Dependency, state: RunningState, outputs: Continuations) async {
        var last: RaceSnapshot?
        var cancelled: Set<RunnerID> = []
        var named: Set<RunnerID> = []
        let pacing = ContinuousClock()
        do {
            for try await snapshot in dependency.race.snapshots() {
                let taken = pacing.now
                defer { last = snapshot }
                await state.update(snapshot)
                // The board's runners, by name, for the cheers: a mate's cheer is shown once it is on the board.
                let runners = snapshot.standings.standings.map(\.runner).filter { !named.contains($0.id) }
                if !runners.isEmpty, let cheers = dependency.cheers {
                    named.formUnion(runners.map(\.id))
                    await cheers.learn(runners)
                }
                // A mate who cancels goes on the board as cancelled, and is said once.
                for standing in snapshot.standings.standings where standing.isCancelled {
                    guard cancelled.insert(standing.runner.id).inserted else { continue }
                    let who = standing.runner.id == snapshot.me ? "you" : standing.runner.name
                    outputs.say(.info, "\(who) cancelled")
                }
                // The race keeps only its newest snapshot for us while we wait (`RaceSession.snapshots()`).
                let interval = dependency.snapshotInterval()
                if interval > .zero, snapshot.stage != .complete {
                    let left = taken.advanced(by: interval) - pacing.now
                    if left > .zero { try await dependency.realSleep(left) }
                }
            }
            if let last, last.stage == .complete {
                await state.tick(at: dependency.clock.now)
                if let result = await state.takeResult(role: dependency.role) { outputs.result.yield(result) }
            }
        } catch is CancellationError {
        } catch {
            // A run that failed ends with its error, not with a result.
            await state.fail()
            outputs.say(.error, "\(error)")
        }
    }

    /// Says the not-paired advice once the runners refused the spectator `refusedLooksBeforeAdvice` looks
    /// in a row, one per heartbeat; the watch goes on until its --wait says it failed.
    private static func advise(_ watcher: Watcher, clock: any RaceClock, outputs: Continuations) async {
        var refused = 0
        while !Task.isCancelled {
            refused = watcher.refusedAsNotPaired() ? refused + 1 : 0
            if refused >= Watcher.refusedLooksBeforeAdvice {
                outputs.say(.warning, SpectatorError.notPairedAdvice)
                return
            }
            do { try await clock.sleep(for: watcher.heartbeat) } catch { return }
        }
    }

    private static func tickElapsed(state: RunningState, dependency: Dependency) async {
        var next = dependency.clock.now
        while !Task.isCancelled {
            await state.tick(at: dependency.clock.now)
            next = next.addingTimeInterval(dependency.tick)
            do { try await dependency.clock.sleep(until: next) } catch { return }
        }
    }

    /// Sends a cheer the person asked for; an unknown emoji or a failed send is a warning.
    private static func send(_ request: CheerRequest, with cheers: any CheerUseCase, outputs: Continuations) async {
        guard let emoji = CheerEmoji(symbol: request.emoji) else {
            let shown = request.emoji.isEmpty ? "(none)" : request.emoji
            outputs.say(.warning, "a front-end sent a cheer with an unknown emoji \(shown): ignored")
            return
        }
        do {
            try await cheers.send(emoji, to: request.to.flatMap(RunnerID.init(hex:)))
        } catch {
            outputs.say(.warning, "\(error)")
        }
    }
}
