/// Replicates every runner's progress between peers. Each peer publishes only its own runner;
/// it receives everybody else's.
public protocol RaceSyncRepository: Sendable {
    /// Sends our runner's current progress to every known peer. Never throws: a send that fails is
    /// repaired by the next one (progress is state, not a delta that must arrive).
    func publish(_ progress: RunnerProgress) async
    /// The mates' progress as it arrives, already checked for well-formedness. One consumer only.
    func updates() -> AsyncStream<RunnerProgress>
    /// Announces our ghost to every peer until the run ends (see the extension for the default).
    func announce(_ ghost: Ghost) async
    /// The ghosts mates announce, each once it arrived whole (see the extension for the default).
    func ghosts() -> AsyncStream<Ghost>
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
