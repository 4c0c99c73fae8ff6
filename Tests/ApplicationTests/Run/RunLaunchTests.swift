@testable import Application
import Domain
import FrontEndKit
import Presentation
import Foundation
import MateRunnerTesting
import Testing

/// `materunner run` from its options to its exit status (`RunLaunch`): which parts the composition
/// root is asked for, in what order and from what — the course before the ghost, the pairing only
/// when invited — and how the outcome becomes the exit status. The parts are fakes that note each call.
@Suite("Run launch: the parts of a run asked for in order and on their conditions, the outcome as the exit status")
struct RunLaunchTests {
    typealias Launch = RunLaunch<String, String>

    /// The parts a launch asks for, faked on one in-memory runner: each part asked for is noted in
    /// `calls` (`course`, `ghost`, `environment`, `store`, `pairing`, `raceKey`, `bind`), the transport's
    /// settings in `bound`.
    final class Parts: Sendable {
        let harness = FlowHarness()
        let side: FlowHarness.Side
        let calls = Locked<[String]>([])
        let bound = Locked<[Launch.TransportSettings]>([])
        let worldClockZones = Locked<[[String]]>([])
        let mates = InMemoryKnownMates()
        let raceKey: String?
        let readCourse: @Sendable (String) throws -> CourseFileContents
        let readGhost: @Sendable (URL) throws -> GhostTrackFile

        init(
            raceKey: String? = nil,
            course: @escaping @Sendable (String) throws -> CourseFileContents = { _ in throw TestFailure("no course file expected") },
            ghost: @escaping @Sendable (URL) throws -> GhostTrackFile = { _ in throw TestFailure("no ghost file expected") }
        ) {
            side = harness.side("alice", id: 0xA)
            self.raceKey = raceKey
            self.readCourse = course
            self.readGhost = ghost
        }

        var dependencies: Launch.Dependencies {
            let (calls, side, harness, raceKey, mates, bound, clockZones) = (calls, side, harness, raceKey, mates, bound, worldClockZones)
            let (readCourse, readGhost) = (readCourse, readGhost)
            let note = { @Sendable (call: String) in calls.withLock { $0.append(call) } }
            return Launch.Dependencies(
                readCourse: { path in
                    note("course")
                    return try readCourse(path)
                },
                readGhostTrack: { url in
                    note("ghost")
                    return try readGhost(url)
                },
                environment: {
                    note("environment")
                    return harness.environment(side)
                },
                openStore: {
                    note("store")
                    return side.records
                },
                storeLocation: "/data",
                pairing: {
                    note("pairing")
                    return DevicePairing(identity: "device keys", mates: mates)
                },
                raceKey: {
                    note("raceKey")
                    return raceKey
                },
                bindTransport: { settings in
                    note("bind")
                    bound.withLock { $0.append(settings) }
                    return .init(transport: side.transport, courses: nil)
                },
                discovery: { InMemoryMateDiscovery() },
                location: { [clock = harness.clock] _ in
                    ScriptedLocationRepository(
                        script: ScriptedLocationRepository.straightRun(beginning: clock.now, speed: 5, count: 400), clock: clock
                    )
                },
                recorder: { _ in side.recorder },
                worldClock: { zones in
                    clockZones.withLock { $0.append(zones.map(\.identifier)) }
                    return WorldClockRequest(service: WorldClockService(repository: ScriptedClockRepository([])), zones: zones, tick: 1)
                },
                logger: CapturingLogHandler.logger("test.launch", into: side.log)
            )
        }
    }

    static func options(_ change: (inout RunOptions) -> Void = { _ in }) -> RunOptions {
        var options = RunOptions(name: "alice", goalKilometres: 0.2, mates: 0, maximumMates: 64)
        change(&options)
        return options
    }

    /// A 100 m square, closed: a loop, 400 m a lap.
    static func square() throws -> CourseFileContents {
        let start = Coordinate(latitude: 46.0, longitude: 14.5)
        let north = Geodesy.destination(from: start, metres: 100, bearing: 0)
        let course = try Course(name: "Square", points: [
            start, north, Geodesy.destination(from: north, metres: 100, bearing: 90), Geodesy.destination(from: start, metres: 100, bearing: 90), start,
        ])
        return CourseFileContents(
            course: course,
            terms: CourseTerms(digest: "00c0ffee00c0ffee", name: "square.gpx", lengthCentimetres: UInt32((course.length * 100).rounded()))
        )
    }

    // MARK: Pairing

    @Test("an open run: no pairing asked for; front-ends, store, race key and transport in that order; the transport on 47474, multicast, nothing kept")
    func openRunHasNoPairing() async throws {
        let parts = Parts(raceKey: "race key")
        let flow = try await Launch(options: Self.options(), dependencies: parts.dependencies).flow()
        #expect(parts.calls.value == ["environment", "store", "raceKey", "bind"])
        let settings = try #require(parts.bound.value.first)
        #expect(settings.pairing == nil && !settings.keepsInvitedRace)
        #expect(settings.key == "race key" && settings.port == 47474 && settings.multicast)
        #expect(settings.me == flow.request.me.id)
        #expect(flow.dependencies.knownMates == nil)
        #expect(flow.request.role == .open(mates: 0))
    }

    @Test("--invite or --join: the pairing is asked for (after the store, before the race key) and goes to the transport and the run")
    func invitedRunPairs() async throws {
        for invited in [Self.options { $0.mates = nil; $0.invite = "bob" }, Self.options { $0.mates = nil; $0.join = true }] {
            let parts = Parts()
            let flow = try await Launch(options: invited, dependencies: parts.dependencies).flow()
            #expect(parts.calls.value == ["environment", "store", "pairing", "raceKey", "bind"])
            let settings = try #require(parts.bound.value.first)
            #expect(settings.pairing?.identity == "device keys" && (settings.pairing?.mates as? InMemoryKnownMates) === parts.mates)
            #expect(settings.keepsInvitedRace && settings.key == nil)
            #expect((flow.dependencies.knownMates as? InMemoryKnownMates) === parts.mates)
        }
    }

    @Test("--port and --no-multicast reach the transport as given")
    func portAndMulticast() async throws {
        let parts = Parts()
        _ = try await Launch(options: Self.options { $0.port = 0; $0.multicast = false }, dependencies: parts.dependencies).flow()
        let settings = try #require(parts.bound.value.first)
        #expect(settings.port == 0 && !settings.multicast)
    }

    // MARK: Ghost

    @Test("a join or a team run with --ghost is refused before anything is read or opened: no ghost is loaded")
    func joinOrTeamLoadsNoGhost() async throws {
        let join = Self.options { $0.mates = nil; $0.join = true; $0.ghost = .gpx(path: "/tracks/monday.gpx") }
        let team = Self.options { $0.mode = .team; $0.ghost = .record("feedbeef") }
        for (options, refusal) in [(join, "--ghost does not go with --join"), (team, "--ghost needs --mode race")] {
            let parts = Parts()
            await #expect { try await Launch(options: options, dependencies: parts.dependencies).flow() } throws: { error in
                (error as? FlowError)?.isUsage == true && "\(error)".hasPrefix(refusal)
            }
            #expect(parts.calls.value.isEmpty)
        }
    }

    /// 500 m due north at 5 m/s from 100 m south of the square's start, one timed point a second.
    static func ghostTrack() -> GhostTrackFile {
        let start = Geodesy.destination(from: Coordinate(latitude: 46.0, longitude: 14.5), metres: 100, bearing: 180)
        let begin = Date(timeIntervalSince1970: 1_795_000_000)
        return GhostTrackFile(points: (0...100).map { second in
            (Geodesy.destination(from: start, metres: Double(second) * 5, bearing: 0), Optional(begin.addingTimeInterval(Double(second))))
        }, name: "Monday")
    }

    /// An existing (empty) file for `--ghost gpx:FILE`; the fake reader supplies its points.
    static func ghostFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("monday.gpx")
        try Data("<gpx/>".utf8).write(to: url)
        return url
    }

    @Test("--ghost on a --course: read after the course, measured along the course (not by its GPS distance), logged")
    func ghostAlongTheCourse() async throws {
        let file = try Self.ghostFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let square = try Self.square()
        let read = Locked<[URL]>([])
        let parts = Parts(course: { _ in square }, ghost: { url in
            read.withLock { $0.append(url) }
            return Self.ghostTrack()
        })
        let options = Self.options { $0.goalKilometres = 0.05; $0.coursePath = "/tracks/square.gpx"; $0.ghost = .gpx(path: file.path) }
        let flow = try await Launch(options: options, dependencies: parts.dependencies).flow()
        #expect(parts.calls.value == ["course", "environment", "store", "ghost", "raceKey", "bind"])
        #expect(read.value == [file])

        let goal = try RaceGoal(kilometres: 0.05)
        let lapped = try LappedCourse(course: square.course)
        let alongCourse = try GhostLoader(course: lapped, goal: goal).ghost(ofTrack: Self.ghostTrack().points, name: "Monday", file: file.path)
        let byDistance = try GhostLoader(course: nil, goal: goal).ghost(ofTrack: Self.ghostTrack().points, name: "Monday", file: file.path)
        #expect(alongCourse != byDistance, "the fixture tells the two ways of measuring apart")
        #expect(flow.request.ghost == alongCourse)
        #expect(parts.side.log.lines.contains(
            "info ghost Monday: \(alongCourse.centimetres.count) samples every \(alongCourse.step) s, \(Int(alongCourse.finalDistance)) m in \(Int(alongCourse.duration)) s"
        ), "\(parts.side.log.lines)")
    }

    @Test("--ghost ID: looked up in the store the launch opened, named by its location")
    func ghostFromTheStore() async throws {
        let parts = Parts()
        await #expect(throws: FlowError.usage("no run 'abcdef' in /data: see `materunner records` for the ids")) {
            try await Launch(options: Self.options { $0.ghost = .record("abcdef") }, dependencies: parts.dependencies).flow()
        }
        #expect(parts.calls.value == ["environment", "store"])
    }

    // MARK: Course

    @Test("a course file that cannot be read: a usage error with the file's reason, before the front-ends or the store")
    func courseFileFails() async throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "cannot use /tracks/square.gpx as a course: line 3: unexpected end of file" }
        }
        let parts = Parts(course: { _ in throw Unreadable() })
        await #expect(throws: FlowError(.usage, "cannot use /tracks/square.gpx as a course: line 3: unexpected end of file")) {
            try await Launch(options: Self.options { $0.coursePath = "/tracks/square.gpx" }, dependencies: parts.dependencies).flow()
        }
        #expect(parts.calls.value == ["course"])

        // An error that knows its fault keeps it (a missing file is no input, 66).
        struct Missing: ClassifiedFault, CustomStringConvertible {
            var fault: Fault { .noInput }
            var description: String { "there is no course file /tracks/square.gpx" }
        }
        await #expect(throws: FlowError(.noInput, "there is no course file /tracks/square.gpx")) {
            try await Launch(options: Self.options { $0.coursePath = "/tracks/square.gpx" }, dependencies: Parts(course: { _ in throw Missing() }).dependencies).flow()
        }
    }

    @Test("a course without --goal: its length × laps is the goal, the terms carry the laps, the course is logged")
    func courseLengthTimesLapsIsTheGoal() async throws {
        let square = try Self.square()
        let paths = Locked<[String]>([])
        let parts = Parts(course: { path in
            paths.withLock { $0.append(path) }
            return square
        })
        let options = Self.options { $0.goalKilometres = nil; $0.coursePath = "/tracks/square.gpx"; $0.laps = 3 }
        let request = try await Launch(options: options, dependencies: parts.dependencies).flow().request
        #expect(paths.value == ["/tracks/square.gpx"])
        let lapped = try LappedCourse(course: square.course, laps: 3)
        #expect(abs(lapped.totalLength - 3 * square.course.length) < 0.01)
        #expect(request.terms.goal == RaceGoal(centimetres: UInt32((lapped.totalLength * 100).rounded(.down))))
        #expect(request.course?.laps == 3 && request.course?.totalLength == lapped.totalLength)
        #expect(request.terms.course?.laps == 3 && request.terms.course?.digest == "00c0ffee00c0ffee" && request.terms.course?.name == "square.gpx")
        #expect(parts.side.log.lines.first == "info course Square from /tracks/square.gpx: \(Int(lapped.totalLength)) m in 3 laps, 5 points, digest 00c0ffee00c0ffee")
    }

    @Test("a loop that stops 30 m short of its start: one lap is run with the closing 30 m, and the terms say so (2.72 km on the board, 2.69 km in records)")
    func lapLengthHasTheClosingSegment() async throws {
        let start = Coordinate(latitude: 46.0, longitude: 14.5)
        let north = Geodesy.destination(from: start, metres: 100, bearing: 0)
        let east = Geodesy.destination(from: north, metres: 100, bearing: 90)
        let back = Geodesy.destination(from: start, metres: 30, bearing: 90)
        let course = try Course(name: "Open square", points: [start, north, east, Geodesy.destination(from: start, metres: 100, bearing: 90), back])
        let file = CourseFileContents(
            course: course, terms: CourseTerms(digest: "00c0ffee00c0ffee", name: "open.gpx", lengthCentimetres: UInt32((course.length * 100).rounded()))
        )
        let options = Self.options { $0.goalKilometres = nil; $0.coursePath = "/tracks/open.gpx"; $0.laps = 3 }
        let request = try await Launch(options: options, dependencies: Parts(course: { _ in file }).dependencies).flow().request
        let lapped = try LappedCourse(course: course, laps: 3)
        #expect(lapped.lapLength > course.length + 29)
        let terms = try #require(request.terms.course)
        #expect(terms.lengthCentimetres == UInt32((lapped.lapLength * 100).rounded()))
        // The board's course frame and `records show` print the same lap.
        let frame = FrontEndCourse(lapped, terms: terms)
        let record = RunRecord(id: "r", runnerName: "ana", terms: request.terms, startedAt: Date(timeIntervalSince1970: 0))
        #expect(RecordText.details(record).contains { $0.contains("course open.gpx: \(frame.length) × 3 laps") }, "\(frame.length)")
    }

    // MARK: World clock

    @Test("--clock-zones: the world clock for those zones beside the run; none without")
    func worldClock() async throws {
        let parts = Parts()
        let withZones = try await Launch(options: Self.options { $0.clockZones = "Europe/Ljubljana,Asia/Tokyo" }, dependencies: parts.dependencies).flow()
        #expect(parts.worldClockZones.value == [["Europe/Ljubljana", "Asia/Tokyo"]])
        #expect(withZones.dependencies.worldClock?.zones.map(\.identifier) == ["Europe/Ljubljana", "Asia/Tokyo"])
        let without = try await Launch(options: Self.options(), dependencies: parts.dependencies).flow()
        #expect(without.dependencies.worldClock == nil && parts.worldClockZones.value.count == 1)
    }

    // MARK: Position source

    /// An error that knows its class, as a replay's missing file does (no input).
    struct MissingFile: Error, ClassifiedFault, CustomStringConvertible {
        var fault: Fault { .noInput }
        var description: String { "there is no file /tracks/run.nmea: check the path, or use --source sim" }
    }

    @Test("a position source that cannot be made is a FlowError: of its error's class when it knows it, else a usage error; a made one is handed the course")
    func positionSourceErrors() async throws {
        let parts = Parts()
        let asked = Locked<[LappedCourse?]>([])
        for (error, expected) in [
            (MissingFile() as any Error, FlowError(.noInput, "there is no file /tracks/run.nmea: check the path, or use --source sim")),
            (TestFailure("cannot open the source"), FlowError(.usage, "cannot open the source")),
        ] {
            var dependencies = parts.dependencies
            dependencies.location = { course in
                asked.withLock { $0.append(course) }
                throw error
            }
            let flow = try await Launch(options: Self.options(), dependencies: dependencies).flow()
            #expect(throws: expected) { try flow.dependencies.location(nil) }
        }
        #expect(asked.value == [nil, nil])

        let square = try LappedCourse(course: Self.square().course)
        let make = parts.dependencies.location
        let made = try Launch.location { course in
            asked.withLock { $0.append(course) }
            return try make(course)
        }(square)
        #expect(made is ScriptedLocationRepository)
        #expect(asked.value == [nil, nil, square])
    }

    // MARK: Exit status

    @Test("a run that ends recorded exits 0; one whose record cannot be written exits 1")
    func outcomeIsTheExitStatus() async throws {
        let parts = Parts()
        let status = try await parts.harness.driven { try await Launch(options: Self.options(), dependencies: parts.dependencies).run() }
        #expect(status == 0)

        let failing = Parts()
        failing.side.records.failWrites()
        let failed = try await failing.harness.driven { try await Launch(options: Self.options(), dependencies: failing.dependencies).run() }
        #expect(failed == 1)
    }
}
