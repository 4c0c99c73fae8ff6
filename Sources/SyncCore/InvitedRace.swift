import Domain
import SyncWire

/// What a peer holds of the invited race it entered (docs/PROTOCOL.md, "Signed decisions"): the
/// invitation, the race id, every runner's signing key from the host's roster, our own keys, and each
/// runner's latest signed finish or cancel. Progress saying finished or cancelled counts only when its
/// runner's statement says the same; a runner outside the roster counts for nothing.
struct InvitedRace: Sendable {
    /// The invitation the race came from.
    let invitation: UInt32
    /// The race id every tag covers and every statement is signed over.
    let raceID: [UInt8]
    /// Ed25519 public key by runner id (the roster).
    let signingKeys: [RunnerID: [UInt8]]
    /// Our identity keys, to sign our own statements.
    let keys: DeviceKeys
    /// Each runner's latest valid statement.
    var statements: [RunnerID: RaceStatement] = [:]

    /// Whether `runner` is in the race.
    func admits(_ runner: RunnerID) -> Bool {
        signingKeys[runner] != nil
    }

    /// Keeps `statement` when `runner` signed it for this race; false otherwise.
    mutating func accept(_ statement: RaceStatement, from runner: RunnerID) -> Bool {
        guard let key = signingKeys[runner], statement.isValid(runner: runner, raceID: raceID, signingKey: key) else { return false }
        statements[runner] = statement
        return true
    }

    /// Whether `signature` is `runner`'s over its boot `epoch` in this race.
    func acceptsBoot(_ epoch: UInt64, signature: [UInt8], from runner: RunnerID) -> Bool {
        guard let key = signingKeys[runner] else { return false }
        return SignedBoot.isValid(signature, runner: runner, epoch: epoch, raceID: raceID, signingKey: key)
    }

    /// Our boot `epoch`, signed, as the datagram body that replaces a plain boot in this race.
    func signedBoot(_ epoch: UInt64, as runner: RunnerID) -> SyncMessage {
        .pairing(.signedBoot(invitation: invitation, runner: runner, epoch: epoch, signature: SignedBoot.sign(
            runner: runner, epoch: epoch, raceID: raceID, keys: keys
        )))
    }

    /// Whether `report` from `runner` may be applied: any state short of finished or cancelled, and those
    /// only as the runner's own statement says.
    func allows(_ report: ProgressReportDTO, from runner: RunnerID) -> Bool {
        guard report.phase == .finished || report.phase == .cancelled else { return true }
        return statements[runner]?.covers(report) == true
    }
}
