/// Replicates every runner's progress between peers. Each peer publishes only its own runner;
/// it receives everybody else's.
public protocol RaceSyncRepository: Sendable {
    /// Sends our runner's current progress to every known peer. Never throws: a send that fails is
    /// repaired by the next one (progress is state, not a delta that must arrive).
    func publish(_ progress: RunnerProgress) async
    /// The mates' progress as it arrives, already checked for well-formedness. One consumer only.
    func updates() -> AsyncStream<RunnerProgress>
}
