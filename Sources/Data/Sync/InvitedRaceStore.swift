import Domain
import Foundation
import SyncCore
import SyncWire

/// What a runner of an invited race keeps so that a restarted process (`run --id HEX`, the same runner
/// id) can rejoin it: the race key and race id, the invitation, the host's identity and signed roster,
/// and the terms (docs/PROTOCOL.md, "Restart in an invited race"). Kept in the data directory as
/// `invited-race-<id>.json`, mode 0600, for the race's duration: removed when the run ends, ignored and
/// removed when older than `maximumAge`.
public struct InvitedRaceStore: Sendable {
    /// After this long a kept race is stale (no race lasts that long): it is removed, not rejoined.
    public static let maximumAge: TimeInterval = 12 * 3600

    let directory: URL

    /// The store in `directory` (usually `DataDirectory.resolve()`).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file of `runner`'s race.
    func file(of runner: RunnerID) -> SecretFile {
        SecretFile(url: directory.appendingPathComponent("invited-race-\(runner.description).json"))
    }

    /// Keeps `race`, replacing what `race.runner` kept before.
    func save(_ race: KeptInvitedRace) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try file(of: race.runner).write(try encoder.encode(race))
    }

    /// `runner`'s kept race if there is a fresh, readable one at `now`; a stale or damaged one is removed.
    func load(_ runner: RunnerID, now: Date = Date()) -> KeptInvitedRace? {
        let file = file(of: runner)
        guard let data = try? file.read() else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let race = try? decoder.decode(KeptInvitedRace.self, from: data), race.version == 1, race.runner == runner,
              now.timeIntervalSince(race.savedAt) < Self.maximumAge, now >= race.savedAt.addingTimeInterval(-60)
        else {
            remove(runner)
            return nil
        }
        return race
    }

    /// Forgets `runner`'s kept race.
    func remove(_ runner: RunnerID) {
        try? FileManager.default.removeItem(at: file(of: runner).url)
    }
}
