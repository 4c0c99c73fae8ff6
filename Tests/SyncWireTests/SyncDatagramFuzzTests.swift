import Domain
import Foundation
import SyncWire
import MateRunnerTesting
import Testing

/// Seeded fuzzing of the decoder inside the test suite (the libFuzzer harness under `Fuzz/` goes much
/// further): random bytes and mutations of valid datagrams must only ever be refused with a
/// `DatagramError` or decoded into a datagram that re-encodes to exactly the same bytes.
@Suite("SyncDatagramCodec fuzzing")
struct SyncDatagramFuzzTests {
    /// Tallies what the decoder did.
    struct Tally {
        var accepted = 0
        var rejected: [String: Int] = [:]
        var total: Int { accepted + rejected.values.reduce(0, +) }
    }

    private func decode(_ bytes: [UInt8], into tally: inout Tally) {
        do {
            let datagram = try SyncDatagramCodec.decode(bytes)
            tally.accepted += 1
            #expect(SyncDatagramCodec.encode(datagram) == bytes, "accepted a non-canonical datagram \(bytes)")
        } catch {
            tally.rejected[error.reason, default: 0] += 1
        }
    }

    static let bases: [[UInt8]] = [
        SyncDatagramRejectionTests.running, SyncDatagramRejectionTests.finished, SyncDatagramRejectionTests.hello,
        SyncDatagramRejectionTests.cheer, SyncDatagramRejectionTests.pong,
        SyncDatagramRejectionTests.encoded(.hello(name: "Žan 🏃", terms: RaceTerms(mode: .team, goal: .standard))),
        SyncDatagramRejectionTests.encoded(.clockPing(t1: 99)),
        SyncDatagramRejectionTests.encoded(LobbyCodecTests.messages[0]),
        SyncDatagramRejectionTests.encoded(LobbyCodecTests.messages[2]),
        SyncDatagramRejectionTests.encoded(LobbyCodecTests.messages[4]),
        SyncDatagramRejectionTests.encoded(LobbyCodecTests.messages[6]),
    ] + PairingCodecTests.encodedSamples + CourseFetchCodecTests.encodedSamples

    @Test("100 000 random byte arrays of 0 to 1 100 bytes")
    func randomBytes() {
        var random = SeededGenerator(seed: 0x5EED_0201)
        var tally = Tally()
        for _ in 0..<100_000 {
            let count = Int.random(in: 0...1_100, using: &random)
            decode((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, into: &tally)
        }
        #expect(tally.total == 100_000)
        #expect(tally.rejected["bad-magic", default: 0] > 0)
        #expect(tally.rejected["too-short", default: 0] > 0)
        #expect(tally.rejected["too-long", default: 0] > 0)
    }

    @Test("100 000 random bodies behind a valid magic and version, any type")
    func randomBodies() {
        var random = SeededGenerator(seed: 0x5EED_0202)
        var tally = Tally()
        for _ in 0..<100_000 {
            let count = Int.random(in: 23...54, using: &random)
            var bytes: [UInt8] = [0x4D, 0x52, 2, UInt8.random(in: 0x10...0x5F, using: &random)]
            bytes += (4..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            decode(bytes, into: &tally)
        }
        #expect(tally.total == 100_000)
        #expect(tally.accepted > 0)
        #expect(tally.rejected["field-out-of-range", default: 0] > 0)
        #expect(tally.rejected["length-mismatch", default: 0] > 0)
    }

    @Test("every single-byte mutation of valid datagrams of every type, at every offset, to every value")
    func everySingleByteMutation() {
        var tally = Tally()
        for base in Self.bases {
            for offset in base.indices {
                for value in UInt8.min...UInt8.max where value != base[offset] {
                    var bytes = base
                    bytes[offset] = value
                    decode(bytes, into: &tally)
                }
            }
        }
        #expect(tally.total == Self.bases.map { $0.count * 255 }.reduce(0, +))
        #expect(tally.accepted > 0)
        #expect(tally.rejected.count >= 5)
    }

    @Test("100 000 random mutations: flipped bits, changed, inserted and removed bytes")
    func randomMutations() {
        var random = SeededGenerator(seed: 0x5EED_0203)
        var tally = Tally()
        for round in 0..<100_000 {
            var bytes = Self.bases[round % Self.bases.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty:
                    bytes[Int.random(in: bytes.indices, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 1 where !bytes.isEmpty:
                    bytes[Int.random(in: bytes.indices, using: &random)] = .random(in: 0...255, using: &random)
                case 2:
                    bytes.insert(.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
                default:
                    if !bytes.isEmpty { bytes.remove(at: Int.random(in: bytes.indices, using: &random)) }
                }
            }
            decode(bytes, into: &tally)
        }
        #expect(tally.total == 100_000)
        #expect(tally.accepted > 0)
    }
}
