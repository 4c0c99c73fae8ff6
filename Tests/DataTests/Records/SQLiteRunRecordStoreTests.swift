import Data
import Domain
import Foundation
import Testing

@Suite("SQLite record store: a real file, reopened, migrated")
struct SQLiteRunRecordStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_158_000)

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func route(_ count: Int, from second: Int = 0) -> [RoutePoint] {
        (second..<(second + count)).map {
            RoutePoint(coordinate: Coordinate(latitude: 46 + Double($0) * 1e-5, longitude: 14.5), timestamp: start.addingTimeInterval(Double($0)))
        }
    }

    static let results = [
        RunnerResult(name: "bob", rank: 1, distance: 1000, elapsed: 300, finishTime: 300, phase: .finished, isMe: false),
        RunnerResult(name: "carol", rank: 0, distance: 200, elapsed: 80, finishTime: nil, phase: .cancelled, isMe: false),
        RunnerResult(name: "alice", rank: 2, distance: 1000, elapsed: 320.5, finishTime: 320.5, phase: .finished, isMe: true),
    ]

    @Test("a run written in checkpoints reads back whole after reopening the file")
    func roundTripAcrossReopen() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
        do {
            let store = try SQLiteRunRecordStore(directory: directory)
            try store.begin(RunRecord(id: "r1", runnerName: "alice", terms: terms, startedAt: Self.start))
            try store.save(RunCheckpoint(
                runID: "r1", route: Self.route(5), samples: [ProgressSample(runnerName: "bob", elapsed: 1, distance: 3)],
                distance: 12, duration: 5, kilocalories: 1, results: Self.results
            ))
            let cheer = RecordedCheer(sender: "bob", recipient: "alice", emoji: .rocket, sentAt: Self.start.addingTimeInterval(9))
            try store.save(RunCheckpoint(
                runID: "r1", route: Self.route(3, from: 5), cheers: [cheer], distance: 1000, duration: 320.5, kilocalories: 70.25,
                status: .finished
            ))
        }
        let reopened = try SQLiteRunRecordStore(directory: directory)
        let record = try #require(try reopened.record(id: "r1"))
        #expect(record.status == .finished)
        #expect(record.terms == terms)
        #expect(record.startedAt == Self.start)
        #expect(record.distance == 1000 && record.duration == 320.5 && record.kilocalories == 70.25)
        #expect(record.route == Self.route(8))
        #expect(record.samples == [ProgressSample(runnerName: "bob", elapsed: 1, distance: 3)])
        #expect(record.results.map(\.name) == ["bob", "alice", "carol"], "ranked first, unranked last")
        #expect(Set(record.results) == Set(Self.results))
        #expect(record.cheersReceived == 1)
        #expect(try reopened.record(id: "nope") == nil)
    }

    @Test("every checkpoint's results replace the last ones; a checkpoint of a run without a row writes nothing")
    func checkpointsReplaceResults() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRunRecordStore(directory: directory)
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
        try store.begin(RunRecord(id: "r", runnerName: "alice", terms: terms, startedAt: Self.start))
        try store.save(RunCheckpoint(runID: "r", distance: 10, duration: 4, kilocalories: 1, results: Self.results))
        let later = [
            RunnerResult(name: "alice", rank: 1, distance: 400, elapsed: 120, finishTime: nil, phase: .running, isMe: true),
            RunnerResult(name: "ghost", rank: 2, distance: 380, elapsed: 120, finishTime: nil, phase: .running, isMe: false, isGhost: true),
        ]
        try store.save(RunCheckpoint(runID: "r", distance: 400, duration: 120, kilocalories: 30, results: later))
        // Never begun: neither its figures nor its route, samples or results are written.
        try store.save(RunCheckpoint(
            runID: "other", route: Self.route(2), samples: [ProgressSample(runnerName: "bob", elapsed: 1, distance: 3)],
            distance: 5, duration: 2, kilocalories: 1, results: Self.results
        ))

        let record = try #require(try store.record(id: "r"))
        #expect(record.results == later)
        #expect(record.distance == 400 && record.duration == 120 && record.kilocalories == 30 && record.status == .interrupted)
        #expect(try store.record(id: "other") == nil)
        #expect(try store.allRecords().map(\.id) == ["r"])
        #expect(record.route.isEmpty && record.samples.isEmpty)
    }

    @Test("the file is in write-ahead-log mode: a second store (the records command) reads a run while it is written")
    func writeAheadLog() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try SQLiteRunRecordStore(directory: directory)
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000))
        try writer.begin(RunRecord(id: "live", runnerName: "alice", terms: terms, startedAt: Self.start))
        let place = Coordinate(latitude: 46.002, longitude: 14.501)
        for second in stride(from: 0, to: 30, by: 5) {
            try writer.save(RunCheckpoint(
                runID: "live", route: Self.route(5, from: second),
                samples: [ProgressSample(runnerName: "bob", elapsed: Double(second), distance: Double(second) * 3, runnerID: "00000000000000b0", place: place)],
                distance: Double(second) * 3, duration: Double(second), kilocalories: 1
            ))
        }
        // The header's read and write format versions (bytes 18 and 19) are 2 in WAL mode, 1 with a rollback journal.
        let header = try Data(contentsOf: URL(fileURLWithPath: writer.path)).prefix(20)
        #expect(Array(header.suffix(2)) == [2, 2])
        #expect(FileManager.default.fileExists(atPath: writer.path + "-wal"))
        let reader = try SQLiteRunRecordStore(directory: directory)
        let record = try #require(try reader.record(id: "live"))
        #expect(record.status == .interrupted, "not ended yet")
        #expect(record.route == Self.route(30))
        #expect(record.samples.map(\.elapsed) == [0, 5, 10, 15, 20, 25])
        #expect(record.samples.allSatisfy { $0.place == place && $0.runnerID == "00000000000000b0" })
    }

    @Test("a run begun and never finished reads back as interrupted with what was written")
    func interrupted() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SQLiteRunRecordStore(directory: directory)
            try store.begin(RunRecord(id: "old", runnerName: "alice", terms: RaceTerms(mode: .single, goal: .standard), startedAt: Self.start.addingTimeInterval(-86_400)))
            try store.save(RunCheckpoint(runID: "old", distance: 5000, duration: 1500, kilocalories: 300, status: .finished))
            try store.begin(RunRecord(id: "cut", runnerName: "alice", terms: RaceTerms(mode: .single, goal: .standard), startedAt: Self.start))
            try store.save(RunCheckpoint(runID: "cut", route: Self.route(4), distance: 12, duration: 4, kilocalories: 1))
        }
        let records = try SQLiteRunRecordStore(directory: directory).allRecords()
        #expect(records.map(\.id) == ["cut", "old"], "newest first")
        #expect(records.map(\.status) == [.interrupted, .finished])
        #expect(records[0].route.count == 4 && records[0].distance == 12)
    }

    @Test("a file made by the first version is migrated on open, keeping its runs")
    func migratesFirstVersion() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path
        try RecordStoreFixture.makeFirstVersion(at: path, runID: "v1-run", startedAt: Self.start)
        let store = try SQLiteRunRecordStore(directory: directory)
        #expect(try store.appliedMigrations().count == 4)
        let record = try #require(try store.record(id: "v1-run"))
        #expect(record.status == .finished && record.distance == 2500)
        // Opening again applies nothing new and changes nothing.
        #expect(try SQLiteRunRecordStore(directory: directory).allRecords() == [record])
    }

    @Test("a stopped run and a demo's run keep their status and mark; runs recorded before v4 are no demos")
    func stoppedAndDemoRuns() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path
        try RecordStoreFixture.makeFirstVersion(at: path, runID: "v1-run", startedAt: Self.start.addingTimeInterval(-60))
        let store = try SQLiteRunRecordStore(directory: directory)
        try store.begin(RunRecord(id: "demo", runnerName: "alice", terms: RaceTerms(mode: .race, goal: .standard), startedAt: Self.start, isDemo: true))
        try store.save(RunCheckpoint(runID: "demo", distance: 120, duration: 30, kilocalories: 8, status: .stopped))
        let records = try SQLiteRunRecordStore(directory: directory).allRecords()
        #expect(records.map(\.id) == ["demo", "v1-run"])
        #expect(records.map(\.isDemo) == [true, false])
        #expect(records.map(\.status) == [.stopped, .finished])
    }

    @Test("stores opened at the same moment on a new file all migrate it and see each other's runs")
    func concurrentFirstOpen() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let store = try SQLiteRunRecordStore(directory: directory)
                    try store.begin(RunRecord(id: "run-\(index)", runnerName: "r\(index)", terms: RaceTerms(mode: .single, goal: .standard), startedAt: Self.start))
                }
            }
            try await group.waitForAll()
        }
        let store = try SQLiteRunRecordStore(directory: directory)
        #expect(try store.allRecords().count == 6)
        #expect(try store.appliedMigrations().count == 4)
    }

    @Test("two runners with the same name keep their own results and samples (runner ids tell them apart)")
    func sameNames() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRunRecordStore(directory: directory)
        try store.begin(RunRecord(id: "r", runnerName: "alice", terms: RaceTerms(mode: .race, goal: .standard), startedAt: Self.start))
        let results = [
            RunnerResult(name: "alice", rank: 1, distance: 5000, elapsed: 1500, finishTime: 1500, phase: .finished, isMe: false, runnerID: "00000000000000aa"),
            RunnerResult(name: "alice", rank: 2, distance: 5000, elapsed: 1600, finishTime: 1600, phase: .finished, isMe: true, runnerID: "00000000000000bb"),
        ]
        let samples = [
            ProgressSample(runnerName: "alice", elapsed: 1, distance: 4, runnerID: "00000000000000aa"),
            ProgressSample(runnerName: "alice", elapsed: 1, distance: 3, runnerID: "00000000000000bb"),
        ]
        try store.save(RunCheckpoint(runID: "r", samples: samples, distance: 5000, duration: 1600, kilocalories: 300, results: results, status: .finished))
        let record = try #require(try store.record(id: "r"))
        #expect(record.results == results)
        #expect(record.samples == samples)
        #expect(record.rank == 2)
    }

    @Test("a long checkpoint: every row, in order, samples without a place among them; the next one appends")
    func longCheckpoint() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRunRecordStore(directory: directory)
        try store.begin(RunRecord(id: "r", runnerName: "alice", terms: RaceTerms(mode: .race, goal: .standard), startedAt: Self.start))
        // 120 route points and samples, every third sample without a place; 64 result lines.
        let count = 120
        let samples = (0..<count).map { (index: Int) -> ProgressSample in
            let value = Double(index)
            let place: Coordinate? = index % 3 == 0 ? nil : Coordinate(latitude: 46 + value * 1e-5, longitude: 14.5)
            return ProgressSample(runnerName: "r\(index % 7)", elapsed: value, distance: value * 2.5, runnerID: String(format: "%016x", index % 7), place: place)
        }
        let results = (0..<64).map { (index: Int) -> RunnerResult in
            let value = Double(index)
            return RunnerResult(name: "r\(index)", rank: index + 1, distance: 5000 - value, elapsed: 1500 + value, finishTime: nil,
                                phase: .running, isMe: index == 5, runnerID: String(format: "%016x", index))
        }
        try store.save(RunCheckpoint(runID: "r", route: Self.route(count), samples: samples, distance: 300, duration: 120, kilocalories: 20, results: results))
        let record = try #require(try store.record(id: "r"))
        #expect(record.route == Self.route(count))
        #expect(record.samples == samples)
        #expect(record.results == results)
        // The next checkpoint appends after them.
        try store.save(RunCheckpoint(runID: "r", route: Self.route(3, from: count), distance: 310, duration: 123, kilocalories: 21))
        #expect(try store.record(id: "r")?.route == Self.route(count + 3))
    }

    @Test("a directory that cannot be created is a clear error naming it and --data-dir")
    func unusableDirectory() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: RecordStoreError.self) { try SQLiteRunRecordStore(directory: file.appendingPathComponent("records")) }
        #expect(error?.description.contains("--data-dir") == true)
        #expect(error?.description.contains(file.path) == true)
    }

    @Test("a read-only directory is a clear error, not a crash")
    func readOnlyDirectory() throws {
        // As root, permission bits do not stop writes: /proc refuses new entries to everybody.
        let directory: URL
        let cleanup: () -> Void
        if geteuid() == 0 {
            directory = URL(fileURLWithPath: "/proc/materunner-records-test")
            cleanup = {}
        } else {
            let made = try Self.temporaryDirectory()
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: made.path)
            directory = made
            cleanup = {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: made.path)
                try? FileManager.default.removeItem(at: made)
            }
        }
        defer { cleanup() }
        let error = #expect(throws: RecordStoreError.self) { try SQLiteRunRecordStore(directory: directory) }
        #expect(error?.description.contains("writable") == true)
        #expect(error?.description.contains("--data-dir") == true)
    }

    @Test("the data directory follows XDG_DATA_HOME, then HOME, and --data-dir wins")
    func dataDirectory() {
        #expect(DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]).path == "/x/data/materunner")
        #expect(DataDirectory.resolve(environment: ["HOME": "/home/a"]).path == "/home/a/.local/share/materunner")
        #expect(DataDirectory.resolve(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).path == "/home/a/.local/share/materunner")
        #expect(DataDirectory.resolve(override: "/tmp/r", environment: ["XDG_DATA_HOME": "/x"]).path == "/tmp/r")
    }
}
