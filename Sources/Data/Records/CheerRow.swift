import Domain
import Foundation
import GRDB

/// A row of the `cheer` table: one cheer sent or received during a run.
struct CheerRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "cheer"

    var id: Int64?
    var runId: String
    var sender: String
    var recipient: String
    var emoji: Int
    var sentAt: Double

    init(runID: String, cheer: RecordedCheer) {
        runId = runID
        sender = cheer.sender
        recipient = cheer.recipient
        emoji = Int(cheer.emoji.rawValue)
        sentAt = cheer.sentAt.timeIntervalSince1970
    }

    /// Nil for an emoji this version does not know; an impossible time is refused.
    func toDomain() throws(StoredValue.Invalid) -> RecordedCheer? {
        let sentAt = try StoredValue.check(sentAt, StoredValue.unixTime, "cheer.sentAt")
        return CheerEmoji(rawValue: UInt8(clamping: emoji)).map {
            RecordedCheer(sender: sender, recipient: recipient, emoji: $0, sentAt: Date(timeIntervalSince1970: sentAt))
        }
    }
}
