import Data
import Domain
import Foundation
import Testing

/// Seeded fuzzing of the decoder: random bytes and mutations of valid datagrams must only ever be
/// refused with a `DatagramError` or decoded into a well-formed update; never crash.
///
/// What "well-formed" means here: every accepted datagram re-encodes to exactly the same bytes (so
/// the decoder accepts only canonical datagrams), its name passes `Runner.validate`, and its fields
/// are in their documented ranges.
@Suite("ProgressDatagram fuzzing")
struct ProgressDatagramFuzzTests {
    /// Tallies what the decoder did.
    struct Tally {
        var accepted = 0
        var rejected: [String: Int] = [:]
        var total: Int { accepted + rejected.values.reduce(0, +) }
    }

    private func decode(_ bytes: [UInt8], into tally: inout Tally) {
        do {
            let progress = try ProgressDatagram.decode(bytes)
            tally.accepted += 1
            expectWellFormed(progress, from: bytes)
        } catch {
            tally.rejected[error.reason, default: 0] += 1
        }
    }

    private func expectWellFormed(_ progress: RunnerProgress, from bytes: [UInt8]) {
        #expect(ProgressDatagram.encode(progress) == bytes, "accepted a non-canonical datagram \(bytes)")
        #expect((try? Runner.validate(name: progress.runner.name)) == progress.runner.name)
        #expect(progress.terms.goal.centimetres >= 1 && progress.terms.goal.centimetres <= 100_000_000)
        #expect((progress.finishTime != nil) == (progress.phase == .finished))
        if let finish = progress.finishTime { #expect(finish <= progress.elapsed) }
    }

    @Test("100 000 random byte arrays of 0 to 80 bytes")
    func randomBytes() {
        var random = SplitMix64(seed: 0x5EED_0001)
        var tally = Tally()
        for _ in 0..<100_000 {
            let count = Int.random(in: 0...80, using: &random)
            decode((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, into: &tally)
        }
        #expect(tally.total == 100_000)
        #expect(tally.rejected["bad-magic", default: 0] > 0)
        #expect(tally.rejected["too-short", default: 0] > 0)
        #expect(tally.rejected["too-long", default: 0] > 0)
    }

    @Test("100 000 random datagrams behind a valid magic, version and type")
    func randomBodies() {
        var random = SplitMix64(seed: 0x5EED_0002)
        var tally = Tally()
        for _ in 0..<100_000 {
            let count = Int.random(in: 37...68, using: &random)
            var bytes: [UInt8] = [0x4D, 0x52, 1, 1]
            bytes += (4..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            decode(bytes, into: &tally)
        }
        #expect(tally.total == 100_000)
        #expect(tally.rejected["field-out-of-range", default: 0] > 0)
    }

    @Test("every single-byte mutation of valid datagrams, at every offset, to every value")
    func everySingleByteMutation() {
        let bases = [
            ProgressDatagram.encode(Sample.progress(phase: .waiting, elapsed: 0, distance: 0)),
            ProgressDatagram.encode(Sample.progress(name: "Žan 🏃", phase: .running)),
            ProgressDatagram.encode(Sample.progress(phase: .finished, elapsed: 1_300, distance: 5_000, finishTime: 1_299.5, hasFinalResult: true)),
        ]
        var tally = Tally()
        for base in bases {
            for offset in base.indices {
                for value in UInt8.min...UInt8.max where value != base[offset] {
                    var bytes = base
                    bytes[offset] = value
                    decode(bytes, into: &tally)
                }
            }
        }
        #expect(tally.total == bases.map { $0.count * 255 }.reduce(0, +))
        // Bytes like the id, sequence or distance may take any value: many mutations stay valid.
        #expect(tally.accepted > 0)
        #expect(tally.rejected.count >= 5)
    }

    @Test("100 000 random mutations: flipped bits, changed, inserted and removed bytes")
    func randomMutations() {
        let base = ProgressDatagram.encode(Sample.progress(
            name: "bor", phase: .finished, elapsed: 600, distance: 2_000, finishTime: 599.9, hasFinalResult: true
        ))
        var random = SplitMix64(seed: 0x5EED_0003)
        var tally = Tally()
        for _ in 0..<100_000 {
            var bytes = base
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
