import Foundation

/// One cheer: who sent which emoji to whom, and when (on the race clock). Cheers may be sent during or
/// after a run, to a mate, never to oneself.
public struct Cheer: Sendable, Hashable {
    /// Who cheered.
    public let sender: RunnerID
    /// Who is cheered.
    public let recipient: RunnerID
    /// Which of the 12 emojis.
    public let emoji: CheerEmoji
    /// When it was sent, on the race clock.
    public let sentAt: Date

    /// A cheer; refused when a runner cheers itself.
    public init(from sender: RunnerID, to recipient: RunnerID, emoji: CheerEmoji, at sentAt: Date) throws(CheerError) {
        guard sender != recipient else { throw .toSelf }
        self.sender = sender
        self.recipient = recipient
        self.emoji = emoji
        self.sentAt = sentAt
    }
}

/// Why a cheer was refused.
public enum CheerError: Error, Equatable, CustomStringConvertible {
    /// The sender and the recipient are the same runner.
    case toSelf

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .toSelf: "a runner cannot cheer itself: pick a mate to cheer"
        }
    }
}
