import Application
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// `--ghost ID|gpx:FILE`: what it names, and how a ghost is made from each.
@Suite("Ghost source: --ghost read and loaded")
struct GhostSourceTests {
    @Test("ids (any start, with dashes) and gpx:FILE are read; anything else is refused")
    func parsing() {
        #expect(GhostSource(parsing: "feedbeef") == .record("feedbeef"))
        #expect(GhostSource(parsing: " feedbeef-0000 ") == .record("feedbeef-0000"))
        #expect(GhostSource(parsing: "gpx:runs/monday.gpx") == .gpx(path: "runs/monday.gpx"))
        #expect(GhostSource(parsing: "gpx:/tmp/a b.gpx") == .gpx(path: "/tmp/a b.gpx"))
        for bad in ["", "gpx:", "monday.gpx", "run 12", "xyz"] {
            #expect(GhostSource(parsing: bad) == nil, "\(bad)")
        }
    }

    /// 300 m north at 5 m/s, one point a second, starting at `start`.
    private func timedTrack(start: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> GhostTrackFile {
        let points = (0...60).map { second in
            (coordinate: Coordinate(latitude: 46 + Double(second) * 5 / 111_195, longitude: 14), time: Optional(start.addingTimeInterval(Double(second))))
        }
        return GhostTrackFile(points: points, name: nil)
    }

    private func existingFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("monday.gpx")
        try Data("<gpx/>".utf8).write(to: url)
        return url
    }

    @Test("gpx:FILE: read by the reader given, named by the file when its track has no name, checked like any ghost")
    func fromFile() throws {
        let url = try existingFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let loader = GhostLoader(course: nil, goal: RaceGoal(centimetres: 25_000))
        let lookup = RecordLookup(records: InMemoryRunRecordRepository(), storeLocation: "/data")
        var read: [URL] = []
        let ghost = try loader.ghost(from: .gpx(path: url.path), lookup: lookup) { file in
            read.append(file)
            return timedTrack()
        }
        #expect(read == [url])
        #expect(ghost.name == "monday")
        #expect(abs(ghost.finalDistance - 300) < 1)
        var named = timedTrack()
        named.name = "Monday tempo"
        #expect(try loader.ghost(from: .gpx(path: url.path), lookup: lookup) { _ in named }.name == "Monday tempo")

        // Too short for the goal, untimed, unreadable: usage errors that say so.
        #expect { try GhostLoader(course: nil, goal: .standard).ghost(from: .gpx(path: url.path), lookup: lookup) { _ in timedTrack() } } throws: { error in
            (error as? FlowError)?.isUsage == true && "\(error)".contains("less than the goal 5.00 km")
        }
        var untimed = timedTrack()
        untimed.points = untimed.points.map { ($0.coordinate, nil) }
        #expect { try loader.ghost(from: .gpx(path: url.path), lookup: lookup) { _ in untimed } } throws: { error in
            (error as? FlowError)?.isUsage == true && "\(error)".contains("has no times on its points")
        }
        struct Corrupt: Error, CustomStringConvertible { var description: String { "line 3: unexpected end of file" } }
        #expect(throws: FlowError(.usage, "line 3: unexpected end of file")) {
            try loader.ghost(from: .gpx(path: url.path), lookup: lookup) { _ in throw Corrupt() }
        }
    }

    @Test("gpx:FILE that does not exist: a missing input (exit 66) naming it, and nothing is read")
    func missingFile() {
        let loader = GhostLoader(course: nil, goal: .standard)
        let lookup = RecordLookup(records: InMemoryRunRecordRepository(), storeLocation: "/data")
        #expect(throws: FlowError(.noInput, "--ghost gpx:/nonexistent/monday.gpx: no such file")) {
            try loader.ghost(from: .gpx(path: "/nonexistent/monday.gpx"), lookup: lookup) { _ in
                Issue.record("read a file that does not exist")
                return timedTrack()
            }
        }
    }

    @Test("ID: the recorded run it starts, through the lookup")
    func fromRecord() {
        let lookup = RecordLookup(records: InMemoryRunRecordRepository(), storeLocation: "/data")
        #expect(throws: FlowError.usage("no run 'abcdef' in /data: see `materunner records` for the ids")) {
            try GhostLoader(course: nil, goal: .standard).ghost(from: .record("abcdef"), lookup: lookup) { _ in timedTrack() }
        }
    }
}
