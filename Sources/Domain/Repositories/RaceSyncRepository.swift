/// Replicates every runner's progress between peers. Each peer publishes only its own runner;
/// it receives everybody else's.
public protocol RaceSyncRepository: Sendable {
    /// Sends our runner's current progress to every known peer. Never throws: a send that fails is
    /// repaired by the next one (progress is state, not a delta that must arrive).
    func publish(_ progress: RunnerProgress) async
    /// The mates' progress as it arrives, already checked for well-formedness. One consumer only.
    func updates() -> AsyncStream<RunnerProgress>
    /// The same progress in batches: each batch holds, in arrival order, everything that arrived while
    /// the consumer was busy with the previous one (never empty), so a consumer that falls behind
    /// catches up in one step instead of one step per update. One consumer only, instead of `updates()`.
    func updateBatches() -> AsyncStream<[RunnerProgress]>
    /// Announces our ghost to every peer until the run ends (see the extension for the default).
    func announce(_ ghost: Ghost) async
    /// The ghosts mates announce, each once it arrived whole (see the extension for the default).
    func ghosts() -> AsyncStream<Ghost>
}

extension RaceSyncRepository {
    /// Batches of one update each, for a repository that does not gather them.
    public func updateBatches() -> AsyncStream<[RunnerProgress]> {
        let updates = updates()
        return AsyncStream { continuation in
            let task = Task {
                for await update in updates { continuation.yield([update]) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Ghosts travel beside the progress (docs/PROTOCOL.md, "ghost chunk"): the runner that passes
/// `--ghost` announces it, every peer receives it and replays it identically.
extension RaceSyncRepository {
    /// Announces our ghost to every peer, again and again until the run ends (a peer that joins or
    /// restarts late still gets it). The default: a sync without ghosts announces nothing.
    public func announce(_ ghost: Ghost) async {}
    /// The ghosts mates announce, each once it arrived whole. The default: none.
    public func ghosts() -> AsyncStream<Ghost> { AsyncStream { $0.finish() } }
}
