@testable import Data
@testable import SyncCore
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// A restarted runner resumes from what it kept itself (its last published state and a
/// reservation of its datagram numbers, `OwnStateStore`), never from a mate's relay.
@Suite("Own state kept across a restart")
struct OwnStateKeepingTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("own-state-\(UUID().uuidString)")
    }

    @Test("numbers are reserved hi-lo: the bound kept is always above every number used, and moves by a block before it is reached")
    func reservation() throws {
        var outbox = SyncOutbox(epoch: 1)
        outbox.keepNumbers(usedBelow: nil)
        var kept = outbox.takeReservation()
        #expect(kept == 1 + SyncOutbox.reservationBlock)
        #expect(outbox.takeReservation() == nil, "taken once")
        var writes = 1
        var used: UInt32 = 0
        for index in 0..<5_000 {
            let datagrams = outbox.datagrams(for: SyncSample.progress(sequence: UInt32(index + 1), elapsed: Double(index), distance: 1), now: UInt64(index) * 100_000)
            used = datagrams.map(\.sequence).max() ?? used
            if let bound = outbox.takeReservation() {
                writes += 1
                #expect(bound > (kept ?? 0))
                kept = bound
            }
            // What the data directory says is always above what went out, with room for a whole step.
            #expect(used + SyncOutbox.reservationMargin / 2 < (kept ?? 0), "used \(used), kept \(String(describing: kept))")
        }
        // One write per 64 datagrams or so, not one per datagram.
        #expect(writes <= Int(used) / Int(SyncOutbox.reservationMargin) + 2, "\(writes) writes for \(used) numbers")
        // A restarted outbox goes on above the kept bound, and reserves again at once.
        var restarted = SyncOutbox(epoch: 2)
        restarted.keepNumbers(usedBelow: kept)
        let first = restarted.datagrams(for: SyncSample.progress(sequence: 1, elapsed: 0, distance: 0), now: 0)
        #expect(first.map(\.sequence).min() == kept)
        let again = restarted.takeReservation()
        #expect(try #require(again) > (kept ?? 0))
    }

    @Test("the kept state is a 0600 file read back the same; another runner's, a stale, a damaged or an inconsistent one is not resumed and a stale or damaged one is removed")
    func file() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = OwnStateStore(directory: folder)
        let bob = RunnerID(rawValue: 0xB2)
        let running = SyncSample.progress(id: 0xB2, name: "bob", elapsed: 61.5, distance: 205.37)
        // Whole seconds: the file keeps its date in ISO 8601.
        let saved = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let kept = KeptOwnState(runner: bob, numbersBelow: 700, state: .init(running, race: nil), savedAt: saved)
        try store.save(kept)
        let mode = try FileManager.default.attributesOfItem(atPath: store.file(of: bob).path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(store.load(bob, now: saved) == kept)
        #expect(store.load(RunnerID(rawValue: 0xC3), now: saved) == nil)
        #expect(store.load(bob, now: saved.addingTimeInterval(OwnStateStore.maximumAge + 1)) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.file(of: bob).path))
        // A finish time while running: not ours to resume (a damaged file), removed.
        var wrong = kept
        wrong.state?.finishMilliseconds = 1
        try store.save(wrong)
        #expect(store.load(bob, now: saved) == nil)
        try store.file(of: bob).write(Data("{".utf8))
        #expect(store.load(bob, now: saved) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.file(of: bob).path))
    }

    private func restart(key: RaceKey?) async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alice = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key)
        defer { Task { await alice.close() } }
        let first = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, key: key)
        #expect(!first.keepOwnState(in: OwnStateStore(directory: folder), as: RunnerID(rawValue: 0xB0B)), "nothing kept yet")
        let port = first.localPort
        try first.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
        try alice.addPeer(PeerAddress(host: "127.0.0.1", port: port))
        await alice.publish(SyncSample.progress(id: 0xA, name: "alice", elapsed: 1, distance: 1))
        for step in 1...10 {
            await first.publish(SyncSample.progress(id: 0xB0B, name: "bob", sequence: UInt32(step), elapsed: Double(step) * 10, distance: Double(step) * 25))
            // Writes of a state that only moved on are spaced (`OwnStateKeeper.stateSpacing`): the last one
            // is kept here because the test waits that long before it.
            if step == 9 { try await Task.sleep(for: .milliseconds(600)) }
        }
        _ = try await withHangGuard("alice to hold bob's 10th update") {
            for await update in alice.updates() where update.distance == 250 { return update }
            throw TestFailure("alice's updates ended")
        }
        // Killed: closed without a word, nothing removed; a restart takes a moment (a process starts).
        await first.close()
        try await Task.sleep(for: .milliseconds(300))

        // The restarted process: same id, same port, same data directory, its own progress back at 0.
        let second = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: port, key: key)
        defer { Task { await second.close() } }
        #expect(second.keepOwnState(in: OwnStateStore(directory: folder), as: RunnerID(rawValue: 0xB0B)))
        try second.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
        // Its first publish stays home: its kept state goes to its session instead.
        await second.publish(SyncSample.progress(id: 0xB0B, name: "bob", phase: .waiting, elapsed: 0, distance: 0))
        #expect(second.statistics.datagramsSent == 0)
        let adopted = try await withHangGuard("bob to get his own state back") {
            for await update in second.updates() where update.runner.id == RunnerID(rawValue: 0xB0B) { return update }
            throw TestFailure("bob's updates ended")
        }
        #expect(adopted.distance == 250 && adopted.elapsed == 100 && adopted.phase == .running)

        // His next update is newer than anything alice held, and passes her replay window and jump bound.
        await second.publish(SyncSample.progress(id: 0xB0B, name: "bob", elapsed: 101, distance: 251))
        _ = try await withHangGuard("alice to take bob's resumed update") {
            for await update in alice.updates() where update.distance == 251 { return update }
            throw TestFailure("alice's updates ended")
        }
        #expect(alice.statistics.dropped["sequence-jump"] == nil)
        // The run ends: nothing of it is kept.
        second.leaveRace(as: RunnerID(rawValue: 0xB0B))
        #expect(OwnStateStore(directory: folder).load(RunnerID(rawValue: 0xB0B)) == nil)
    }

    @Test("keyed: a restarted peer resumes from its own kept state and its numbers pass the mates' replay windows")
    func keyedRestart() async throws {
        try await restart(key: try RaceKey.testing("lake run"))
    }

    @Test("open: a restarted peer resumes from its own kept state, and its next update is taken as new")
    func openRestart() async throws {
        try await restart(key: nil)
    }

    @Test("a kept state of another race (other terms, other race key) is not resumed")
    func otherRace() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = OwnStateStore(directory: folder)
        let bob = RunnerID(rawValue: 0xB0B)
        let running = SyncSample.progress(id: 0xB0B, name: "bob", elapsed: 61.5, distance: 205.37)
        let key = try RaceKey.testing("lake run")
        try store.save(KeptOwnState(runner: bob, numbersBelow: 700, state: .init(running, race: key.publicID), savedAt: Date()))
        let keeper = OwnStateKeeper(store: store, runner: bob, earlier: store.load(bob), logger: nil)
        var otherTerms = running
        otherTerms.terms.goal = RaceGoal(centimetres: 123_400)
        #expect(keeper.resumed(for: otherTerms, key: key) == nil)
        #expect(keeper.resumed(for: running, key: try RaceKey.testing("other run")) == nil)
        #expect(keeper.resumed(for: running, key: nil) == nil)
        #expect(keeper.resumed(for: running, key: key)?.distance == 205.37)
        #expect(keeper.resumed(for: running, key: key) == nil, "taken once")
    }

    @Test("the keeper's rewriter: in place, 0600, shorter contents padded, nothing beside it; a removed folder is made")
    func rewriter() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = OwnStateStore(directory: folder)
        let bob = RunnerID(rawValue: 0xB2)
        let writer = SecretFileRewriter(store.file(of: bob))
        let saved = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        var sizes: [Int] = []
        for distance in [205.37, 10.0] {
            let running = SyncSample.progress(id: 0xB2, name: "bob", elapsed: 61.5, distance: distance)
            let kept = KeptOwnState(runner: bob, numbersBelow: 700, state: .init(running, race: nil), savedAt: saved)
            try writer.write(try KeptRunFiles<KeptOwnState>.encoder().encode(kept))
            #expect(store.load(bob, now: saved) == kept)
            let path = store.file(of: bob).path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file(of: bob).path)
            sizes.append(try Data(contentsOf: store.file(of: bob).url).count)
        }
        #expect(sizes[0] > 0 && sizes[1] == sizes[0], "the shorter contents padded to the file's length: \(sizes)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == [store.file(of: bob).url.lastPathComponent])
        try FileManager.default.removeItem(at: folder)
        let kept = KeptOwnState(runner: bob, numbersBelow: 900, state: nil, savedAt: saved)
        try writer.write(try KeptRunFiles<KeptOwnState>.encoder().encode(kept))
        #expect(store.load(bob, now: saved) == kept)
    }

}
