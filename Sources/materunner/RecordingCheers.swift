import Domain
import Foundation

/// The run's cheers, recorded as they go: ours when sent, the mates' for us (or for everyone) when
/// received. The running view model sends and shows them.
struct RecordingCheers: CheerUseCase {
    let me: Runner
    let cheers: RaceCheers
    let recorder: RunRecorder
    let clock: any RaceClock

    func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws {
        try await cheers.send(emoji, to: recipient)
        var recipientName = "everyone"
        if let recipient { recipientName = await cheers.runner(recipient)?.name ?? recipient.description }
        await recorder.observe(RecordedCheer(sender: me.name, recipient: recipientName, emoji: emoji, sentAt: clock.now))
    }

    func received() -> AsyncStream<ReceivedCheer> {
        let incoming = cheers.received()
        let (me, recorder) = (me, recorder)
        return AsyncStream(bufferingPolicy: .bufferingNewest(64)) { continuation in
            let task = Task {
                for await cheer in incoming {
                    if cheer.recipient == nil || cheer.recipient?.id == me.id {
                        await recorder.observe(
                            RecordedCheer(sender: cheer.sender.name, recipient: me.name, emoji: cheer.emoji, sentAt: cheer.sentAt)
                        )
                    }
                    continuation.yield(cheer)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
