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
    public static let maximumAge: TimeInterval = KeptRunFiles<KeptInvitedRace>.maximumAge

    let files: KeptRunFiles<KeptInvitedRace>

    /// The store in `directory` (usually `DataDirectory.resolve()`).
    public init(directory: URL) {
        self.files = KeptRunFiles(directory: directory, prefix: "invited-race")
    }

    /// The file of `runner`'s race.
    func file(of runner: RunnerID) -> SecretFile { files.file(of: runner) }

    /// Keeps `race`, replacing what `race.runner` kept before.
    func save(_ race: KeptInvitedRace) throws { try files.save(race) }

    /// `runner`'s kept race if there is a fresh, readable one at `now`; a stale or damaged one is removed.
    func load(_ runner: RunnerID, now: Date = Date()) -> KeptInvitedRace? { files.load(runner, now: now) }

    /// Forgets `runner`'s kept race.
    func remove(_ runner: RunnerID) { files.remove(runner) }
}
