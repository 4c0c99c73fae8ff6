import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// The extended type 15 (docs/PROTOCOL.md, "Extended messages"): a subtype byte, then its body. Address
/// challenge (1) and echo (2) are 25 bytes (33 keyed); 16 … 22 are the pairing messages (PairingCodecTests); any other subtype is refused
/// until the identity messages exist.
@Suite("Extended messages: address challenge and echo")
struct ExtendedCodecTests {
    static let sender = RunnerID(rawValue: 0xA11CE)

    static func encoded(_ message: ExtendedMessage, key: RaceKey? = nil) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 9, message: .extended(message)), key: key)
    }

    @Test("a challenge and an echo, byte by byte, round trip open and keyed")
    func layout() throws {
        let challenge = Self.encoded(.addressChallenge(cookie: 0x0102_0304_0506_0708))
        #expect(challenge == [0x4D, 0x52, 2, 0xF0, 0, 0, 0, 0, 0, 0x0A, 0x11, 0xCE, 0, 0, 0, 9, 1, 1, 2, 3, 4, 5, 6, 7, 8])
        let echo = Self.encoded(.addressEcho(cookie: 0xFFFF_FFFF_FFFF_FFFF))
        #expect(echo.count == 25 && echo[3] == 0xF0 && echo[16] == 2)
        for message in [ExtendedMessage.addressChallenge(cookie: 42), .addressEcho(cookie: 0)] {
            #expect(try SyncDatagramCodec.decode(Self.encoded(message)).message == .extended(message))
            let key = try RaceKey.testing("extended")
            let keyed = Self.encoded(message, key: key)
            #expect(keyed.count == 33)
            #expect(try SyncDatagramCodec.decode(keyed, key: key).message == .extended(message))
        }
        #expect(ExtendedType.addressChallenge.rawValue == 1 && ExtendedType.addressEcho.rawValue == 2)
        #expect(ExtendedType.firstIdentitySubtype == 16)
    }

    @Test("unknown subtypes (0, 4, 15, and past the pairing, watch and course ones: 30, 200, 255), flags and other lengths are refused")
    func rejections() {
        let challenge = Self.encoded(.addressChallenge(cookie: 7))
        for subtype: UInt8 in [0, 4, 15, 30, 200, 255] {
            var bytes = challenge
            bytes[16] = subtype
            #expect(throws: DatagramError.fieldOutOfRange("subtype")) { try SyncDatagramCodec.decode(bytes) }
        }
        var flagged = challenge
        flagged[3] = 0xF1
        #expect(throws: DatagramError.fieldOutOfRange("flags")) { try SyncDatagramCodec.decode(flagged) }
        #expect(throws: DatagramError.lengthMismatch(expected: 25, actual: 26)) { try SyncDatagramCodec.decode(challenge + [0]) }
        #expect(throws: DatagramError.lengthMismatch(expected: 25, actual: 24)) { try SyncDatagramCodec.decode(Array(challenge.dropLast())) }
        #expect(MessageType.extended.rawValue == 15 && MessageType.extended.name == "extended")
    }
}
