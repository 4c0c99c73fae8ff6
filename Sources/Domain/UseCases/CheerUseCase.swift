/// Cheering during a run, as a view model drives it: send a cheer, hear the mates' ones.
public protocol CheerUseCase: Sendable {
    /// Sends `emoji` to `recipient`, or to every mate when nil.
    func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws
    /// Every cheer received from now on.
    func received() -> AsyncStream<ReceivedCheer>
}

extension RaceCheers: CheerUseCase {}
