import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Restart catch-up on the wire: the boot (type 10) and relayed-state (type 11) messages, and a peer
/// that restarts with the same runner id on the same port after midnight UTC.
@Suite("Restart catch-up on the wire")
struct CatchUpSyncTests {
    static let sender = RunnerID(rawValue: 0xA11CE)
    static let report = ProgressReportDTO(
        phase: .running, hasFinalResult: false, elapsedMilliseconds: 61_500, distanceCentimetres: 20_537, finishMilliseconds: nil
    )
    static let relayed = SyncMessage.relayedState(subject: RunnerID(rawValue: 0xB0B), highestNumber: 700, heldSequence: 650, report: report)

    private func encoded(_ message: SyncMessage, key: RaceKey? = nil) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: Self.sender, sequence: 9, message: message), key: key)
    }

    private func changed(_ bytes: [UInt8], at offset: Int, to value: UInt8) -> [UInt8] {
        var copy = bytes
        copy[offset] = value
        return copy
    }

    // MARK: Codec

    @Test("boot and relayed state round-trip, 24 and 45 bytes (+8 keyed)")
    func roundTrip() throws {
        let finished = SyncMessage.relayedState(
            subject: RunnerID(rawValue: 1), highestNumber: .max, heldSequence: .max,
            report: ProgressReportDTO(phase: .finished, hasFinalResult: true, elapsedMilliseconds: 9, distanceCentimetres: 9, finishMilliseconds: 8)
        )
        let key = try RaceKey.testing("lake run")
        for message in [SyncMessage.boot(epoch: 1_795_000_000_000_000), Self.relayed, finished] {
            let datagram = SyncDatagram(sender: Self.sender, sequence: 9, message: message)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram)) == datagram)
            #expect(try SyncDatagramCodec.decode(SyncDatagramCodec.encode(datagram, key: key), key: key) == datagram)
        }
        #expect(encoded(.boot(epoch: 5)).count == 24)
        #expect(encoded(Self.relayed).count == 45)
        #expect(encoded(Self.relayed, key: key).count == 53)
        // Type 10 and 11 in the high nibble of byte 3.
        #expect(encoded(.boot(epoch: 5))[3] == 0xA0)
        #expect(encoded(Self.relayed)[3] == 0xB0)
    }

    @Test("malformed boots and relayed states are refused, each with its reason")
    func rejections() {
        let boot = encoded(.boot(epoch: 5))
        let relay = encoded(Self.relayed)
        let cases: [([UInt8], DatagramError)] = [
            (changed(boot, at: 3, to: 0xA1), .fieldOutOfRange("flags")),
            (Array(boot.prefix(16)) + [UInt8](repeating: 0, count: 8), .fieldOutOfRange("epoch")),
            (Array(boot.dropLast()), .lengthMismatch(expected: 24, actual: 23)),
            (relay + [0], .lengthMismatch(expected: 45, actual: 46)),
            // The subject is the sender itself, or no runner.
            (Array(relay.prefix(16)) + Array(relay[4..<12]) + Array(relay[24...]), .fieldOutOfRange("subject")),
            (Array(relay.prefix(16)) + [UInt8](repeating: 0, count: 8) + Array(relay[24...]), .fieldOutOfRange("subject")),
            // The held number above the highest, or 0.
            (changed(relay, at: 27, to: 0x01), .fieldOutOfRange("held-sequence")),
            (changed(changed(relay, at: 30, to: 0), at: 31, to: 0), .fieldOutOfRange("held-sequence")),
            // Undefined state bits; a finish time while running; a finish after the elapsed time.
            (changed(relay, at: 32, to: 0x09), .fieldOutOfRange("state")),
            (changed(relay, at: 44, to: 1), .fieldOutOfRange("finish")),
            (changed(changed(relay, at: 32, to: 0x02), at: 41, to: 0xFF), .fieldOutOfRange("finish")),
        ]
        for (bytes, error) in cases {
            #expect(throws: error) { try SyncDatagramCodec.decode(bytes) }
        }
    }

    // MARK: A restart on loopback (resuming from the kept state: `OwnStateKeepingTests`)

    @Test("keyed under the default race id, restarted after midnight UTC: it takes the mates' earlier race id and resumes its kept state in that race")
    func restartAcrossMidnight() async throws {
        let (early, late) = (
            try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight),
            try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight)
        )
        let alice = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: early)
        defer { Task { await alice.close() } }
        let bobID: UInt64 = 0xB0B
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: early)
        first.keepOwnState(in: OwnStateStore(directory: folder), as: RunnerID(rawValue: bobID))
        let port = first.localPort
        try first.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
        try alice.addPeer(PeerAddress(host: "127.0.0.1", port: port))
        for step in 1...10 {
            // The last state is kept (writes of a state that only moved on are spaced by 0.5 s).
            if step == 10 { try await Task.sleep(for: .milliseconds(600)) }
            await first.publish(SyncSample.progress(id: bobID, name: "bob", sequence: UInt32(step), elapsed: Double(step) * 10, distance: Double(step) * 25))
        }
        _ = try await withHangGuard("alice to hold bob's 10th update") {
            for await update in alice.updates() where update.distance == 250 { return update }
            throw TestFailure("alice's updates ended")
        }
        await first.close()

        // Restarted after midnight UTC: the same id and port, its key salted with the new day's race id.
        let second = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: port, key: late)
        defer { Task { await second.close() } }
        #expect(second.keepOwnState(in: OwnStateStore(directory: folder), as: RunnerID(rawValue: bobID)))
        try second.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
        let publishing = Task {
            // Bounded: 20 s at most. Alice's datagrams make bob derive the previous day's key; his kept
            // state is resumed at his first publish under it (it was kept under that race's key).
            for _ in 0..<400 where !Task.isCancelled {
                await alice.publish(SyncSample.progress(id: 0xA, name: "alice", elapsed: 1, distance: 1))
                await second.publish(SyncSample.progress(id: bobID, name: "bob", phase: .waiting, elapsed: 0, distance: 0))
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { publishing.cancel() }
        let adopted = try await withHangGuard("bob to get his state back") {
            for await update in second.updates() where update.runner.id == RunnerID(rawValue: bobID) { return update }
            throw TestFailure("bob's updates ended")
        }
        #expect(adopted.distance == 250 && adopted.elapsed == 100)
        #expect(second.publicRaceID == early.publicID, "bob races under the race id the race started with")
        #expect(second.statistics.dropped["bad-tag", default: 0] > 0, "alice's datagrams before the switch were refused")
    }

    @Test("a boot replayed with an older epoch is dropped as a replay; one with the same epoch moves nothing")
    func oldBootIsAReplay() async throws {
        let key = try RaceKey.testing("lake run")
        try await withRepositories([key]) { repositories in
            let ours = repositories[0]
            let id = RunnerID(rawValue: 0xE)
            func datagram(_ sequence: UInt32, _ message: SyncMessage) -> [UInt8] {
                SyncDatagramCodec.encode(SyncDatagram(sender: id, sequence: sequence, message: message), key: key)
            }
            _ = try sendFromPlainSocket([
                datagram(1, .hello(name: "eve", terms: SyncSample.terms)),
                datagram(2, .boot(epoch: 2_000)),
                datagram(3, .boot(epoch: 1_000)),
                datagram(2, .boot(epoch: 2_000)),
            ], toPort: ours.localPort)
            try await withHangGuard("4 datagrams handled") {
                while ours.statistics.datagramsReceived < 4 { try await Task.sleep(for: .milliseconds(1)) }
            }
            // The older epoch is a replay; the boot sent again is the same datagram twice (a duplicate).
            #expect(ours.statistics.dropped == ["replayed": 1, "duplicate": 1])
            #expect(ours.statistics.received["boot"] == 1)
        }
    }
}
