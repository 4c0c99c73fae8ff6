import Foundation

/// A cheer as it reaches a front-end: names rather than ids.
public struct ReceivedCheer: Sendable, Hashable {
    /// Who cheered.
    public var sender: Runner
    /// Who was cheered: our runner, a mate, or nil for every mate.
    public var recipient: Runner?
    public var emoji: CheerEmoji
    public var sentAt: Date

    public init(sender: Runner, recipient: Runner?, emoji: CheerEmoji, sentAt: Date) {
        self.sender = sender
        self.recipient = recipient
        self.emoji = emoji
        self.sentAt = sentAt
    }
}

/// Cheers during a run: sends ours to a mate or to every mate, and streams the mates' cheers with
/// their names (learnt from the runners' presence and hellos). A cheer for a runner we never heard of
/// is refused; one from an unknown runner is shown once its name is known only if it comes again.
public actor RaceCheers {
    private let me: Runner
    private let messaging: any RaceMessagingRepository
    private let clock: any RaceClock
    private var names: [RunnerID: Runner] = [:]
    private var listening: Task<Void, Never>?

    public init(me: Runner, messaging: any RaceMessagingRepository, clock: any RaceClock) {
        self.me = me
        self.messaging = messaging
        self.clock = clock
    }

    /// Sends `emoji` to `recipient` (nil: every mate). Throws `CheerError.toSelf` for our own runner.
    public func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws(CheerError) {
        if let recipient {
            _ = try Cheer(from: me.id, to: recipient, emoji: emoji, at: clock.now)
        }
        await messaging.send(.cheer(recipient: recipient, emoji: emoji, sentAt: clock.now), from: me, to: nil)
    }

    /// The mates' cheers for us or for everyone, and those between mates, as they arrive.
    public nonisolated func received() -> AsyncStream<ReceivedCheer> {
        let incoming = messaging.messages()
        return AsyncStream(bufferingPolicy: .bufferingNewest(64)) { continuation in
            let task = Task {
                for await message in incoming {
                    if let cheer = await self.handle(message) { continuation.yield(cheer) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The runner with this id, if its name is known.
    public func runner(_ id: RunnerID) -> Runner? {
        id == me.id ? me : names[id]
    }

    /// A runner's name, learnt from outside (e.g. the standings).
    public func learn(_ runner: Runner) {
        names[runner.id] = runner
    }

    private func handle(_ received: ReceivedRaceMessage) -> ReceivedCheer? {
        switch received.message {
        case let .presence(runner, _):
            names[runner.id] = runner
            return nil
        case let .cheer(recipient, emoji, sentAt):
            guard received.sender != me.id, let sender = names[received.sender] else { return nil }
            let to: Runner? = recipient.map { $0 == me.id ? me : names[$0] ?? Runner(id: $0, name: "?") }
            return ReceivedCheer(sender: sender, recipient: to, emoji: emoji, sentAt: sentAt)
        default:
            return nil
        }
    }
}
