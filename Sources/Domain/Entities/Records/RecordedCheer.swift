import Foundation

/// A cheer kept in a run's record, by runner name (runner ids do not outlive a run).
public struct RecordedCheer: Sendable, Hashable, Codable {
    /// Who cheered.
    public var sender: String
    /// Who was cheered.
    public var recipient: String
    /// Which of the 12 emojis.
    public var emoji: CheerEmoji
    /// When it was sent, on the race clock.
    public var sentAt: Date

    /// A recorded cheer.
    public init(sender: String, recipient: String, emoji: CheerEmoji, sentAt: Date) {
        self.sender = sender
        self.recipient = recipient
        self.emoji = emoji
        self.sentAt = sentAt
    }
}
