import Domain
import Foundation
import FrontEndKit
import Logging
import Presentation

/// During a run: a confirmed cancel from a front-end cancels the run (the mates are told, the record
/// says cancelled), a cheer input goes to the mates, and the mates' cheers are shown and recorded.
struct RunInteractions {
    let me: Runner
    let cheers: RaceCheers
    let session: any RaceSessionUseCase
    let recorder: RunRecorder
    let host: FrontEndHost
    let clock: any RaceClock
    let logger: Logger

    /// Starts listening; cancel the returned task when the run is over.
    func start() -> Task<Void, Never> {
        let inputs = host.subscribeInputs()
        let received = cheers.received()
        return Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in inputs { await handle(event) }
                }
                group.addTask {
                    for await cheer in received { await show(cheer) }
                }
            }
        }
    }

    private func handle(_ event: FrontEndInputEvent) async {
        switch event.type {
        case .cancel:
            logger.info("cancel confirmed: telling the mates")
            await session.cancel()
        case .cheer:
            guard let symbol = event.emoji, let emoji = CheerEmoji(symbol: symbol) else {
                logger.warning("a front-end sent a cheer with an unknown emoji \(event.emoji ?? "(none)"): ignored")
                return
            }
            let recipient = event.to.flatMap(RunnerID.init(hex:))
            do {
                try await cheers.send(emoji, to: recipient)
                var recipientName = "everyone"
                if let recipient { recipientName = await cheers.runner(recipient)?.name ?? recipient.description }
                await recorder.observe(RecordedCheer(sender: me.name, recipient: recipientName, emoji: emoji, sentAt: clock.now))
            } catch {
                logger.warning("\(error)")
            }
        default:
            return
        }
    }

    private func show(_ cheer: ReceivedCheer) async {
        if cheer.recipient == nil || cheer.recipient?.id == me.id {
            await recorder.observe(RecordedCheer(sender: cheer.sender.name, recipient: me.name, emoji: cheer.emoji, sentAt: cheer.sentAt))
        }
        _ = host.deliver(CheerFrames.frame(for: cheer, now: clock.now))
    }
}
