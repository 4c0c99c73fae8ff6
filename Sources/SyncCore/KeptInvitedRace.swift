import Domain
import Foundation
import SyncWire

/// The layout of a kept invited race (Data's `InvitedRaceStore` writes it to a file; `PeerState.keptRace`
/// makes it and `rejoin` reads it).
package struct KeptInvitedRace: Codable, Sendable {
    package var version = 1
    package var runner: RunnerID
    package var invitation: UInt32
    package var raceKey: Data
    package var raceID: Data
    /// Ed25519 public key by runner id, as the host signed them.
    package var roster: [RunnerID: Data]
    package var rosterSignature: Data
    /// The host's identity text (`mr1:…`).
    package var host: String
    package var mode: UInt8
    package var goalCentimetres: UInt32
    /// The host's course, when the race has one (found again on this device at a restart: the runner's
    /// `--course` or the copy fetched from the host, `CourseStore`).
    package var course: CourseTerms?
    package var savedAt: Date

    /// The secrets, roster and host identity, or nil when the file's values are not valid.
    package var race: (secrets: RaceSecrets, roster: RaceRoster, host: MateIdentity, terms: RaceTerms)? {
        guard let secrets = RaceSecrets(key: Array(raceKey), raceID: Array(raceID)),
              let keys = MateIdentity.keys(fromText: host),
              let host = IdentityFingerprint.identity(signingKey: keys.signing, agreementKey: keys.agreement),
              let mode = RaceMode(rawValue: mode), goalCentimetres > 0
        else { return nil }
        let roster = RaceRoster(keys: self.roster.mapValues { Array($0) }, signature: Array(rosterSignature))
        guard roster.isValid(raceID: secrets.raceID, host: host), roster.keys[runner] != nil else { return nil }
        return (secrets, roster, host, RaceTerms(mode: mode, goal: RaceGoal(centimetres: goalCentimetres), course: course))
    }
}
