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
/// their names (learnt from the runners' presence and hellos, or from the board). A cheer from a runner
/// whose name is not known yet (it often comes first: a cheer at the start may overtake the hello that
/// names its sender) is held until the name is learnt, at most `heldLimit` of them and for at most
/// `heldFor` seconds of race time; a runner never named is never shown. A cheer for a runner we never
/// heard of is refused when sending.
public actor RaceCheers {
    /// The most cheers held for names not yet known, per stream (the oldest go first).
    public static let heldLimit = 16
    /// How long (race-clock seconds after it was sent) a held cheer may wait for its sender's name.
    public static let heldFor: TimeInterval = 60

    private struct Held {
        var sender: RunnerID
        var recipient: RunnerID?
        var emoji: CheerEmoji
        var sentAt: Date
    }

    private let me: Runner
    private let messaging: any RaceMessagingRepository
    private let clock: any RaceClock
    private var names: [RunnerID: Runner] = [:]
    /// Each `received()` stream, and the cheers it holds for names not yet known.
    private var streams: [UUID: AsyncStream<ReceivedCheer>.Continuation] = [:]
    private var held: [UUID: [Held]] = [:]

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

    /// The mates' cheers for us or for everyone, and those between mates, as they arrive (or, when
    /// their sender's name was not known yet, as soon as it is).
    public nonisolated func received() -> AsyncStream<ReceivedCheer> {
        let incoming = messaging.messages()
        let (stream, continuation) = AsyncStream.makeStream(of: ReceivedCheer.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        let task = Task {
            await self.open(id, continuation)
            for await message in incoming { await self.handle(message, for: id) }
            await self.close(id)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The runner with this id, if its name is known.
    public func runner(_ id: RunnerID) -> Runner? {
        id == me.id ? me : names[id]
    }

    /// A runner's name, learnt from outside (e.g. the standings): the cheers held for it are shown now.
    public func learn(_ runner: Runner) {
        guard runner.id != me.id else { return }
        names[runner.id] = runner
        for (id, cheers) in held {
            let (ready, waiting) = (cheers.filter { $0.sender == runner.id }, cheers.filter { $0.sender != runner.id })
            guard !ready.isEmpty else { continue }
            held[id] = waiting
            for cheer in ready { streams[id]?.yield(shown(cheer, from: runner)) }
        }
    }

    private func open(_ id: UUID, _ continuation: AsyncStream<ReceivedCheer>.Continuation) {
        streams[id] = continuation
        held[id] = []
    }

    private func close(_ id: UUID) {
        streams[id] = nil
        held[id] = nil
    }

    private func handle(_ received: ReceivedRaceMessage, for id: UUID) {
        switch received.message {
        case let .presence(runner, _):
            learn(runner)
        case let .cheer(recipient, emoji, sentAt):
            guard received.sender != me.id else { return }
            let cheer = Held(sender: received.sender, recipient: recipient, emoji: emoji, sentAt: sentAt)
            if let sender = names[received.sender] {
                streams[id]?.yield(shown(cheer, from: sender))
            } else {
                hold(cheer, for: id)
            }
        default:
            break
        }
    }

    /// Keeps `cheer` until its sender is named: the stale ones and, beyond the limit, the oldest go.
    private func hold(_ cheer: Held, for id: UUID) {
        let now = clock.now
        var cheers = (held[id] ?? []).filter { now.timeIntervalSince($0.sentAt) <= Self.heldFor }
        cheers.append(cheer)
        held[id] = Array(cheers.suffix(Self.heldLimit))
    }

    private func shown(_ cheer: Held, from sender: Runner) -> ReceivedCheer {
        let to: Runner? = cheer.recipient.map { $0 == me.id ? me : names[$0] ?? Runner(id: $0, name: "?") }
        return ReceivedCheer(sender: sender, recipient: to, emoji: cheer.emoji, sentAt: cheer.sentAt)
    }
}
