import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// The lobby messages (types 6-9) and the cheer to everyone: round-trips, sizes, and a rejection for
/// each malformed class.
@Suite("SyncDatagramCodec: lobby messages")
struct LobbyCodecTests {
    static let sender = RunnerID(rawValue: 0xA11CE)
    static let bob = RunnerID(rawValue: 0xB0B)
    static let carol = RunnerID(rawValue: 0xCA201)

    static let messages: [SyncMessage] = [
        .presence(name: "alice", availability: .free),
        .presence(name: "🏃‍♀️ Ana", availability: .watching),
        .invitation(InvitationDTO(
            id: 42, terms: RaceTerms(mode: .race, goal: .standard), answerWithinMilliseconds: 10_000, invitees: [bob], hostName: "alice"
        )),
        .invitation(InvitationDTO(
            id: .max, terms: RaceTerms(mode: .team, goal: RaceGoal(centimetres: 100_000_000)), answerWithinMilliseconds: 600_000,
            invitees: (1...8).map { RunnerID(rawValue: UInt64($0)) }, hostName: String(repeating: "Ž", count: 16)
        )),
        .answer(invitation: 42, host: bob, accepted: true),
        .answer(invitation: 0, host: bob, accepted: false),
        .outcome(invitation: 42, .start(inMilliseconds: 3_000, runners: [
            StartingRunner(id: bob, ipv4: 0x7F00_0001, port: 47474), StartingRunner(id: sender),
        ])),
        .outcome(invitation: 42, .cancelled),
        .outcome(invitation: 42, .timedOut),
        .outcome(invitation: 42, .refused),
        .outcome(invitation: 42, .declined),
        .cheer(recipient: nil, emoji: .heart, sentAtMilliseconds: 1),
    ]

    @Test("every lobby message round-trips exactly, open and keyed", arguments: messages)
    func roundTrip(message: SyncMessage) throws {
        let key = try RaceKey.testing("lake run at dawn")
        let datagram = SyncDatagram(sender: Self.sender, sequence: 9, message: message)
        #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram)) == datagram)
        #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram, key: key), key: key) == datagram)
    }

    @Test("sizes: presence 17 + n, invitation 31 + 8 × invitees + n, answer 28, outcome 20 or 25 + 14 × runners")
    func sizes() {
        func size(_ message: SyncMessage) -> Int {
            SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 1, message: message)).count
        }
        #expect(size(Self.messages[0]) == 17 + 5)
        #expect(size(Self.messages[2]) == 31 + 8 + 5)
        #expect(size(Self.messages[3]) == 31 + 64 + 32)
        #expect(size(Self.messages[4]) == 28)
        #expect(size(Self.messages[6]) == 25 + 28)
        #expect(size(Self.messages[7]) == 20)
    }

    private func expectRejected(_ bytes: [UInt8], _ error: DatagramError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: error, sourceLocation: sourceLocation) { try SyncDatagramCodec.decode(bytes) }
    }

    private func encoded(_ message: SyncMessage) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 3, message: message))
    }

    @Test("malformed lobby messages are refused, each for its reason")
    func rejections() {
        let presence = encoded(Self.messages[0])
        var bad = presence
        bad[3] = 6 << 4 | 5
        expectRejected(bad, .fieldOutOfRange("availability"))
        bad = presence
        bad[16] = 0
        expectRejected(bad, .fieldOutOfRange("name-length"))
        bad = presence
        bad[17] = 0x07
        expectRejected(bad, .fieldOutOfRange("name"))

        let invitation = encoded(Self.messages[2])
        bad = invitation
        bad[20] = 0
        expectRejected(bad, .fieldOutOfRange("mode"))
        bad = invitation
        bad[25...28] = [0, 0, 0, 0]
        expectRejected(bad, .fieldOutOfRange("answer-within"))
        bad = invitation
        bad[29] = 0
        expectRejected(bad, .fieldOutOfRange("invitee-count"))
        // The host invites itself.
        expectRejected(encoded(.invitation(InvitationDTO(
            id: 1, terms: RaceTerms(mode: .race, goal: .standard), answerWithinMilliseconds: 1, invitees: [Self.sender], hostName: "a"
        ))), .fieldOutOfRange("invitees"))
        // Invitees out of order (or repeated).
        expectRejected(encoded(.invitation(InvitationDTO(
            id: 1, terms: RaceTerms(mode: .race, goal: .standard), answerWithinMilliseconds: 1, invitees: [Self.carol, Self.bob], hostName: "a"
        ))), .fieldOutOfRange("invitees"))

        let answer = encoded(Self.messages[4])
        bad = answer
        bad[3] = 8 << 4 | 2
        expectRejected(bad, .fieldOutOfRange("flags"))
        expectRejected(encoded(.answer(invitation: 1, host: Self.sender, accepted: true)), .fieldOutOfRange("host"))

        let start = encoded(Self.messages[6])
        bad = start
        bad[3] = 9 << 4 | 7
        expectRejected(bad, .fieldOutOfRange("outcome"))
        bad = start
        bad[20...23] = [0, 0x01, 0, 0]
        expectRejected(bad, .fieldOutOfRange("start-in"))
        bad = start
        bad[24] = 1
        expectRejected(bad, .fieldOutOfRange("runner-count"))
        // An address without a port.
        bad = start
        bad[37...38] = [0, 0]
        expectRejected(bad, .fieldOutOfRange("runner-address"))
        // A start that does not name its sender.
        expectRejected(encoded(.outcome(invitation: 1, .start(inMilliseconds: 1, runners: [
            StartingRunner(id: Self.bob), StartingRunner(id: Self.carol),
        ]))), .fieldOutOfRange("runners"))
        // A cancelled outcome with a body.
        expectRejected(encoded(Self.messages[7]) + [0], .lengthMismatch(expected: 20, actual: 21))
    }

    @Test("StartingRunner addresses: a.b.c.d both ways, IPv6 and junk refused")
    func addresses() {
        #expect(StartingRunner.ipv4("10.250.0.2") == 0x0AFA_0002)
        #expect(StartingRunner(id: Self.bob, ipv4: 0x0AFA_0002, port: 1).host == "10.250.0.2")
        #expect(StartingRunner(id: Self.bob).host == nil)
        for junk in ["::1", "10.0.0", "10.0.0.256", "a.b.c.d", ""] { #expect(StartingRunner.ipv4(junk) == nil) }
    }
}
