import Domain
import SyncWire
import Testing

/// The pairing messages on the wire (type 15, subtypes 16-20; docs/PROTOCOL.md, "Pairing messages"):
/// round trips at their documented sizes, open and keyed, and every malformed class refused.
@Suite("Pairing codec")
struct PairingCodecTests {
    static let host = RunnerID(rawValue: 0xA1), joiner = RunnerID(rawValue: 0xB2)
    static let context = PairingContext(
        invitation: 42, host: host, joiner: joiner, terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
    )

    /// Every pairing message of one real exchange, with the runner that sends it and its size.
    static func messages() throws -> [(RunnerID, PairingDTO, Int)] {
        let (hostKeys, joinerKeys) = (DeviceKeys.generate(), DeviceKeys.generate())
        let hostSide = HostPairing(context: context, keys: hostKeys)
        let joinerSide = try JoinerPairing(offer: hostSide.offer, context: context, keys: joinerKeys)
        let secrets = RaceSecrets.generate()
        let roster = RaceRoster.signed([host: hostKeys.identity.signingKey, joiner: joinerKeys.identity.signingKey], raceID: secrets.raceID, by: hostKeys)
        let finished = ProgressReportDTO(phase: .finished, hasFinalResult: false, elapsedMilliseconds: 90_000, distanceCentimetres: 100_000, finishMilliseconds: 89_500)
        let (reveal, hostSession) = try hostSide.accept(joinerSide.reply)
        let joinerSession = try joinerSide.complete(reveal)
        return [
            (host, .offer(invitation: 42, invitee: joiner, hostSide.offer), 221),
            (joiner, .reply(invitation: 42, host: host, joinerSide.reply), 205),
            (host, .reveal(invitation: 42, invitee: joiner, reveal), 109),
            (joiner, .decision(invitation: 42, host: host, joinerSide.decide(accept: true, in: joinerSession)), 94),
            (joiner, .decision(invitation: 42, host: host, joinerSide.decide(accept: false, in: joinerSession)), 94),
            (host, .grant(invitation: 42, invitee: joiner, hostSide.grant(secrets, in: hostSession)), 169),
            (host, .roster(invitation: 42, invitee: joiner, roster), 16 + 1 + 12 + 1 + 80 + 64),
            (joiner, .statement(invitation: 42, runner: joiner, RaceStatement.signed(finished, runner: joiner, raceID: secrets.raceID, keys: joinerKeys)), 106),
        ]
    }

    /// One of each pairing message, encoded open (for the fuzz tests' bases).
    static let encodedSamples: [[UInt8]] = ((try? messages()) ?? []).map { sender, message, _ in
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 3, message: .pairing(message)))
    }

    @Test("each pairing message round-trips at its documented size, open and behind a race key with a race id")
    func roundTrips() throws {
        let key = RaceKey(secrets: .generate())
        for (sender, message, size) in try Self.messages() {
            let datagram = SyncDatagram(sender: sender, sequence: 3, message: .pairing(message))
            let bytes = SyncDatagramCodec.encode(datagram)
            #expect(bytes.count == size)
            #expect(bytes[3] >> 4 == 15 && (16...22).contains(bytes[16]))
            #expect(try SyncDatagramCodec.decode(bytes) == datagram)
            let keyed = SyncDatagramCodec.encode(datagram, key: key)
            #expect(keyed.count == size + 8)
            #expect(try SyncDatagramCodec.decode(keyed, key: key) == datagram)
        }
    }

    @Test("an unknown subtype, a wrong length, flags, a runner 0 or the sender, an accepted byte other than 0/1 are refused")
    func rejections() throws {
        let messages = try Self.messages()
        func encoded(_ index: Int) -> [UInt8] {
            SyncDatagramCodec.encode(SyncDatagram(sender: messages[index].0, sequence: 3, message: .pairing(messages[index].1)))
        }
        func refused(_ bytes: [UInt8]) -> DatagramError? {
            do { _ = try SyncDatagramCodec.decode(bytes); return nil } catch { return error }
        }
        var subtype = encoded(2)
        subtype[16] = 30
        #expect(refused(subtype) == .fieldOutOfRange("subtype"))
        // Subtypes below 16 are the sync layer's: 1 is an address challenge, of another length.
        subtype[16] = 1
        #expect(refused(subtype) == .lengthMismatch(expected: 25, actual: 109))
        #expect(refused(encoded(2) + [0]) == .lengthMismatch(expected: 109, actual: 110))
        var asDecision = encoded(2)
        asDecision[16] = 19
        #expect(refused(asDecision) == .lengthMismatch(expected: 94, actual: 109))
        var flags = encoded(0)
        flags[3] |= 0x01
        #expect(refused(flags) == .fieldOutOfRange("flags"))
        var zero = encoded(1)
        for offset in 21..<29 { zero[offset] = 0 }
        #expect(refused(zero) == .fieldOutOfRange("runner"))
        var selfNamed = encoded(3)
        selfNamed[28] = 0xB2
        #expect(refused(selfNamed) == .fieldOutOfRange("runner"))
        var accepted = encoded(3)
        accepted[29] = 2
        #expect(refused(accepted) == .fieldOutOfRange("accepted"))
        #expect(refused(Array(encoded(0).prefix(93))) != nil)
        // A statement names its own sender; a roster of 1 or 10 runners, or not in increasing order, is refused.
        var statementOther = encoded(7)
        statementOther[28] ^= 1
        #expect(refused(statementOther) == .fieldOutOfRange("runner"))
        var cancelledWithFinish = encoded(7)
        cancelledWithFinish[29] = RunnerPhase.cancelled.rawValue
        #expect(refused(cancelledWithFinish) == .fieldOutOfRange("finish"))
        var oneRunner = Array(encoded(6).prefix(29)) + [1] + Array(encoded(6)[30..<70]) + Array(encoded(6).suffix(64))
        #expect(refused(oneRunner) == .fieldOutOfRange("roster-count"))
        oneRunner = encoded(6)
        oneRunner.replaceSubrange(30..<38, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(refused(oneRunner) == .fieldOutOfRange("roster"))
    }

    @Test("a datagram longer than a full course chunk with its tag is too long")
    func tooLong() {
        #expect(SyncDatagramCodec.maximumLength == 994 + 8)
        #expect(throws: DatagramError.tooLong(length: 1003)) { try SyncDatagramCodec.decode([UInt8](repeating: 0, count: 1003)) }
    }
}
