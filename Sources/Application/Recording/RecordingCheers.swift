import Domain

/// Cheers that also go into the run's record: every cheer we send, and every cheer received that is
/// for us (or for everyone), is kept with the next checkpoint.
struct RecordingCheers: CheerUseCase {
    let wrapped: RaceCheers
    let recorder: RunRecorder
    let me: Runner
    let clock: any RaceClock

    func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws {
        try await wrapped.send(emoji, to: recipient)
        var recipientName = "everyone"
        if let recipient { recipientName = await wrapped.runner(recipient)?.name ?? recipient.description }
        await recorder.observe(RecordedCheer(sender: me.name, recipient: recipientName, emoji: emoji, sentAt: clock.now))
    }

    func learn(_ runners: [Runner]) async {
        await wrapped.learn(runners)
    }

    func received() -> AsyncStream<ReceivedCheer> {
        let cheers = wrapped.received()
        let (recorder, me) = (self.recorder, self.me)
        return AsyncStream { continuation in
            let task = Task {
                for await cheer in cheers {
                    if cheer.recipient == nil || cheer.recipient?.id == me.id {
                        await recorder.observe(RecordedCheer(
                            sender: cheer.sender.name, recipient: me.name, emoji: cheer.emoji, sentAt: cheer.sentAt
                        ))
                    }
                    continuation.yield(cheer)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
