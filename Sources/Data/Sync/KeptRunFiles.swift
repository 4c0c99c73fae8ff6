import Domain
import Foundation
import SyncCore

/// A record a runner keeps of its run so that a restarted process (`run --id HEX`) can go on: its format
/// version, its runner and when it was saved.
protocol KeptRunRecord: Codable {
    var version: Int { get }
    var runner: RunnerID { get }
    var savedAt: Date { get }
}

extension KeptInvitedRace: KeptRunRecord {}

/// One kept record per runner id in the data directory, `<prefix>-<id>.json`, mode 0600: written whole and
/// renamed over the old one (the own state, rewritten up to twice a second, in place: `SecretFileRewriter`;
/// trailing spaces after the JSON are read as nothing); a record older than `maximumAge`, dated more than
/// a minute ahead, of another
/// version or runner, or unreadable is removed, not used.
struct KeptRunFiles<Record: KeptRunRecord>: Sendable {
    /// After this long a kept record is stale (no race lasts that long).
    static var maximumAge: TimeInterval { 12 * 3600 }

    let directory: URL
    let prefix: String

    /// The file of `runner`'s record.
    func file(of runner: RunnerID) -> SecretFile {
        SecretFile(url: directory.appendingPathComponent("\(prefix)-\(runner.description).json"))
    }

    /// The encoder of a kept record (ISO 8601 dates, sorted keys); one may be kept and reused.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Keeps `record`, replacing what its runner kept before.
    func save(_ record: Record) throws {
        try file(of: record.runner).write(try Self.encoder().encode(record))
    }

    /// `runner`'s record if there is a fresh, readable one at `now` that `isUsable` too; any other is removed.
    func load(_ runner: RunnerID, now: Date, isUsable: (Record) -> Bool = { _ in true }) -> Record? {
        guard let data = try? file(of: runner).read() else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let record = try? decoder.decode(Record.self, from: data), record.version == 1, record.runner == runner,
              now.timeIntervalSince(record.savedAt) < Self.maximumAge, now >= record.savedAt.addingTimeInterval(-60),
              isUsable(record)
        else {
            remove(runner)
            return nil
        }
        return record
    }

    /// Forgets `runner`'s record.
    func remove(_ runner: RunnerID) {
        try? FileManager.default.removeItem(at: file(of: runner).url)
    }
}
