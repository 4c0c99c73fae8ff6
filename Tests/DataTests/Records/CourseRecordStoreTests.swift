import Data
import Domain
import Foundation
import Testing

/// Migration v3 on a real file: courses, ghost lines and places on the course, from a file of the
/// schema before them, and the per-course query.
@Suite("SQLite record store: courses and ghosts (migration v3)")
struct CourseRecordStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_158_000)
    static let lake = CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 120_000, laps: 2)

    private func courseRun(_ id: String, at offset: TimeInterval, course: CourseTerms = lake) -> RunRecord {
        RunRecord(id: id, runnerName: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 240_000), course: course), startedAt: Self.start.addingTimeInterval(offset))
    }

    @Test("a file of the schema before courses migrates: its runs read back without a course, no ghosts, no places")
    func migratesSecondVersion() throws {
        let directory = try SQLiteRunRecordStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SQLiteRunRecordStore.fileName).path
        try RecordStoreFixture.makeSecondVersion(at: path, runID: "v2-run", startedAt: Self.start)
        let store = try SQLiteRunRecordStore(directory: directory)
        #expect(try store.appliedMigrations().contains("v3: courses, ghosts, places on the course"))
        let old = try #require(try store.record(id: "v2-run"))
        #expect(old.terms == RaceTerms(mode: .race, goal: RaceGoal(centimetres: 250_000)))
        #expect(old.terms.course == nil)
        #expect(old.results.map(\.name) == ["alice", "bob"] && old.results.allSatisfy { !$0.isGhost })
        #expect(old.samples.count == 2 && old.samples.allSatisfy { $0.place == nil })
        #expect(old.route.count == 1)
        // New runs with a course, a ghost and places go in beside it, and read back after reopening.
        var record = courseRun("new", at: 60)
        try store.begin(record)
        let ghost = RunnerResult(name: "best", rank: 1, distance: 2_400, elapsed: 700, finishTime: 700, phase: .finished, isMe: false, runnerID: "9e3779b97f4a7cb4", isGhost: true)
        let mine = RunnerResult(name: "alice", rank: 2, distance: 2_400, elapsed: 720, finishTime: 720, phase: .finished, isMe: true, runnerID: "00000000000000a1")
        let place = Coordinate(latitude: 46.001, longitude: 14.502)
        try store.save(RunCheckpoint(
            runID: "new", samples: [ProgressSample(runnerName: "alice", elapsed: 10, distance: 30, runnerID: "00000000000000a1", place: place)],
            distance: 2_400, duration: 720, kilocalories: 150, results: [ghost, mine], status: .finished
        ))
        record = try #require(try SQLiteRunRecordStore(directory: directory).record(id: "new"))
        #expect(record.terms.course == Self.lake)
        #expect(record.terms.course?.name == "lake.gpx" && record.terms.course?.lengthCentimetres == 120_000)
        #expect(record.results.first { $0.isGhost }?.name == "best")
        #expect(record.ghosts.count == 1 && record.isWin == false && record.rankAmongRunners == 1)
        #expect(record.samples.first?.place == place)
    }

    @Test("the runs of one course (digest and laps), newest first, and no other")
    func perCourseQuery() throws {
        let directory = try SQLiteRunRecordStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRunRecordStore(directory: directory)
        var oneLap = Self.lake
        oneLap.laps = 1
        try store.begin(courseRun("a", at: 0))
        try store.begin(courseRun("b", at: 100))
        try store.begin(courseRun("one-lap", at: 200, course: oneLap))
        try store.begin(RunRecord(id: "none", runnerName: "alice", terms: RaceTerms(mode: .single, goal: .standard), startedAt: Self.start))
        #expect(try store.records(onCourse: Self.lake).map(\.id) == ["b", "a"])
        #expect(try store.records(onCourse: oneLap).map(\.id) == ["one-lap"])
        #expect(try store.records(onCourse: CourseTerms(digest: "ffffffffffffffff", name: "x", lengthCentimetres: 5_000)).isEmpty)
    }

    @Test("a damaged course (a digest that is not 16 hex digits, impossible laps) is refused with the column named")
    func damagedCourse() throws {
        let directory = try SQLiteRunRecordStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRunRecordStore(directory: directory)
        try store.begin(courseRun("bad", at: 0, course: CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 120_000, laps: 500)))
        #expect {
            try store.record(id: "bad")
        } throws: { error in
            "\(error)".contains("run.courseLaps")
        }
    }
}
