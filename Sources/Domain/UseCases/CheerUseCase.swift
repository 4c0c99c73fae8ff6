/// Cheering during a run, as a view model drives it: send a cheer, hear the mates' ones.
public protocol CheerUseCase: Sendable {
    /// Sends `emoji` to `recipient`, or to every mate when nil.
    func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws
    /// Every cheer received from now on.
    func received() -> AsyncStream<ReceivedCheer>
    /// Runners of the race, by name: a cheer from one of them is shown even when no presence or hello
    /// of theirs reached the cheers (the board knows them from their progress).
    func learn(_ runners: [Runner]) async
}

extension CheerUseCase {
    /// Cheers that need no names ignore them.
    public func learn(_ runners: [Runner]) async {}
}

extension RaceCheers: CheerUseCase {
    public func learn(_ runners: [Runner]) {
        for runner in runners { learn(runner) }
    }
}
