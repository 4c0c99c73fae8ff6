import Data
import Domain
import Foundation
import GRDB
import Testing

/// Values no run can have, written into a real records file through GRDB (as an edit, damage or a broken
/// build would leave them): the store refuses the run with a message naming the run, the column and the
/// value, and never hands on a number that would trap later (docs/RECORDS.md, "Damaged values").
@Suite("SQLite record store: damaged values are refused, never trapped on")
struct DamagedRecordTests {
    /// A directory with one good run "r1": route, a sample, results and a cheer.
    private static func storeWithOneRun() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-damaged-\(UUID().uuidString)")
        let store = try SQLiteRunRecordStore(directory: directory)
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        try store.begin(RunRecord(id: "r1", runnerName: "alice", terms: RaceTerms(mode: .race, goal: .standard), startedAt: start))
        try store.save(RunCheckpoint(
            runID: "r1",
            route: [RoutePoint(coordinate: Coordinate(latitude: 46, longitude: 14.5), timestamp: start)],
            samples: [ProgressSample(runnerName: "bob", elapsed: 1, distance: 3)],
            cheers: [RecordedCheer(sender: "bob", recipient: "alice", emoji: .rocket, sentAt: start)],
            distance: 1000, duration: 320, kilocalories: 70,
            results: [RunnerResult(name: "alice", rank: 1, distance: 1000, elapsed: 320, finishTime: 320, phase: .finished, isMe: true)],
            status: .finished
        ))
        return directory
    }

    private static func damage(_ directory: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path)
        try queue.write { try $0.execute(sql: sql) }
    }

    @Test("huge, negative, infinite or out-of-range numbers: the run is refused, naming run, column and value", arguments: [
        ("UPDATE run SET distance = 1e300", "run.distance = 1e+300"),
        ("UPDATE run SET duration = -5", "run.duration = -5.0"),
        ("UPDATE run SET kilocalories = 9e999", "run.kilocalories = inf"),
        ("UPDATE run SET startedAt = -1e20", "run.startedAt = -1e+20"),
        ("UPDATE result SET elapsed = 1e300", "result.elapsed = 1e+300"),
        ("UPDATE result SET finishTime = -9e999", "result.finishTime = -inf"),
        ("UPDATE result SET distance = -1", "result.distance = -1.0"),
        ("UPDATE result SET rank = -3", "result.rank = -3.0"),
        ("UPDATE sample SET elapsed = 1e19", "sample.elapsed = 1e+19"),
        ("UPDATE routePoint SET latitude = 91", "routePoint.latitude = 91.0"),
        ("UPDATE routePoint SET time = 1e300", "routePoint.time = 1e+300"),
        ("UPDATE cheer SET sentAt = 9e999", "cheer.sentAt = inf"),
    ])
    func refused(sql: String, shown: String) throws {
        let directory = try Self.storeWithOneRun()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.damage(directory, sql)
        let store = try SQLiteRunRecordStore(directory: directory)
        for read in [{ _ = try store.allRecords() }, { _ = try store.record(id: "r1") }] {
            #expect {
                try read()
            } throws: { error in
                guard case let .invalidValue(path, runID, _, _, _)? = error as? RecordStoreError else { return false }
                let text = "\(error)"
                return path == store.path && runID == "r1" && text.contains("impossible value in run r1: \(shown)")
                    && text.contains("DELETE FROM run WHERE id = 'r1'")
            }
        }
    }

    @Test("a NaN cannot be stored in these NOT NULL columns: SQLite writes it as NULL, and the constraint refuses it")
    func nanIsRefusedOnWrite() throws {
        let directory = try Self.storeWithOneRun()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: DatabaseError.self) {
            let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path)
            try queue.write { try $0.execute(sql: "UPDATE run SET distance = ?", arguments: [Double.nan]) }
        }
        #expect(try SQLiteRunRecordStore(directory: directory).record(id: "r1")?.distance == 1000)
    }

    @Test("values a newer version may write read as the documented fallbacks; text in a REAL column reads as 0")
    func tolerated() throws {
        let directory = try Self.storeWithOneRun()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.damage(directory, """
            UPDATE run SET status = 'teleported', mode = 99, goalCentimetres = -5, distance = 'far';
            UPDATE result SET phase = 77; UPDATE cheer SET emoji = 200
            """)
        let record = try #require(try SQLiteRunRecordStore(directory: directory).record(id: "r1"))
        #expect(record.status == .interrupted)
        #expect(record.terms.mode == .single)
        #expect(record.terms.goal.centimetres == 0)
        #expect(record.distance == 0)
        #expect(record.results.map(\.phase) == [.running])
        #expect(record.cheers.isEmpty)
    }
}
