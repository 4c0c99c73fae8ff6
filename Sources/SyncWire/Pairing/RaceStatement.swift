import Domain

/// A runner's own signed word on a decisive state of an invited race: it finished (at this time) or it
/// cancelled. Ed25519 by the runner's identity over the race id, its runner id and the state, so no other
/// key holder can say it for the runner, and a statement of one race means nothing in another
/// (docs/PROTOCOL.md, "Signed decisions"). Progress updates themselves stay small and unsigned.
public struct RaceStatement: Sendable, Hashable {
    /// `finished` or `cancelled`.
    public var phase: RunnerPhase
    /// Milliseconds run when it was said.
    public var elapsedMilliseconds: UInt32
    /// Centimetres run when it was said.
    public var distanceCentimetres: UInt32
    /// Milliseconds from the start to the goal (finished), else 0.
    public var finishMilliseconds: UInt32
    /// Ed25519 by the runner (64 bytes).
    public var signature: [UInt8]

    static let label = Array("MateRunner race v1 statement".utf8)

    /// A statement as received.
    public init(phase: RunnerPhase, elapsedMilliseconds: UInt32, distanceCentimetres: UInt32, finishMilliseconds: UInt32, signature: [UInt8]) {
        self.phase = phase
        self.elapsedMilliseconds = elapsedMilliseconds
        self.distanceCentimetres = distanceCentimetres
        self.finishMilliseconds = finishMilliseconds
        self.signature = signature
    }

    /// `runner`'s statement of `report` (finished or cancelled) in the race `raceID`, signed with `keys`.
    package static func signed(_ report: ProgressReportDTO, runner: RunnerID, raceID: [UInt8], keys: DeviceKeys) -> RaceStatement {
        var statement = RaceStatement(
            phase: report.phase, elapsedMilliseconds: report.elapsedMilliseconds, distanceCentimetres: report.distanceCentimetres,
            finishMilliseconds: report.finishMilliseconds ?? 0, signature: []
        )
        statement.signature = keys.sign(statement.signedBytes(runner: runner, raceID: raceID))
        return statement
    }

    /// Whether `signingKey` (Ed25519, raw) signed this statement as `runner` in the race `raceID`.
    public func isValid(runner: RunnerID, raceID: [UInt8], signingKey: [UInt8]) -> Bool {
        let identity = MateIdentity(signingKey: signingKey, agreementKey: [], fingerprint: "")
        return DeviceKeys.isValid(signature: signature[...], of: signedBytes(runner: runner, raceID: raceID), by: identity)
    }

    /// Whether `report` (finished or cancelled) is what this statement says: the phase, and for a finish
    /// its time.
    package func covers(_ report: ProgressReportDTO) -> Bool {
        report.phase == phase && (phase != .finished || report.finishMilliseconds == finishMilliseconds)
    }

    func signedBytes(runner: RunnerID, raceID: [UInt8]) -> [UInt8] {
        var writer = WireWriter(capacity: 21)
        writer.write(runner.rawValue)
        writer.write(phase.rawValue)
        writer.write(elapsedMilliseconds)
        writer.write(distanceCentimetres)
        writer.write(finishMilliseconds)
        return Self.label + raceID + writer.bytes
    }
}
