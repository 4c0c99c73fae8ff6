import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Which position source `run --source` makes (`LocationSourceFactory`), from what, and what it logs.
/// Nothing here connects anywhere: a gpsd client connects only when read.
@Suite("Location source factory: the source --source names, made and logged")
struct LocationSourceFactoryTests {
    let clock = ManualRaceClock()
    let log = CapturedLines()

    func factory(_ spec: LocationSourceSpec = .simulator, pace: Double = 360, seed: UInt64? = 7) -> LocationSourceFactory {
        LocationSourceFactory(spec: spec, secondsPerKilometre: pace, seed: seed, clock: clock, logger: CapturingLogHandler.logger("test.source", into: log))
    }

    /// The first `count` fixes of `source`, the test's clock moving on by `step` whenever the source sleeps.
    func first(_ count: Int, of source: any LocationRepository, step: TimeInterval) async throws -> [Fix] {
        let fixes = source.fixes()
        return try await clock.driving(step: step) { () async throws -> [Fix] in
            var taken: [Fix] = []
            for try await fix in fixes {
                taken.append(fix)
                if taken.count == count { break }
            }
            return taken
        }
    }

    /// A 100 m square, closed: one lap of 400 m.
    static func square() throws -> LappedCourse {
        let start = Coordinate(latitude: 46.0, longitude: 14.5)
        let north = Geodesy.destination(from: start, metres: 100, bearing: 0)
        let east = Geodesy.destination(from: north, metres: 100, bearing: 90)
        return try LappedCourse(course: Course(name: "Square", points: [
            start, north, east, Geodesy.destination(from: start, metres: 100, bearing: 90), start,
        ]))
    }

    @Test("by default the simulator, at the pace, seed, jitter and pauses given, along the course given; nothing logged")
    func simulatorByDefault() throws {
        let course = try Self.square()
        let pause = SimulatedLocationRepository.Profile.Pause(every: 60, duration: 10)
        let factory = LocationSourceFactory(
            secondsPerKilometre: 300, seed: 42, jitter: 3, pause: pause, clock: clock, logger: CapturingLogHandler.logger("test.source", into: log)
        )
        #expect(factory.spec == .simulator)
        let onCourse = try #require(try factory.make(course: course) as? SimulatedLocationRepository)
        #expect(onCourse.profile.course == course)
        #expect(onCourse.profile.paceSecondsPerKilometre == 300 && onCourse.profile.seed == 42)
        #expect(onCourse.profile.jitterMetres == 3 && onCourse.profile.pause == pause)
        let free = try #require(try factory.location(nil) as? SimulatedLocationRepository)
        #expect(free.profile.course == nil && free.profile.seed == 42)
        #expect(log.lines.isEmpty)
    }

    @Test("--fix-rate 10: the simulator's fixes come a tenth of a race second apart, at the same pace")
    func simulatorFixRate() async throws {
        let factory = LocationSourceFactory(
            secondsPerKilometre: 300, seed: 42, fixRate: 10, clock: clock, logger: CapturingLogHandler.logger("test.source", into: log)
        )
        let simulator = try #require(try factory.make(course: nil) as? SimulatedLocationRepository)
        #expect(simulator.profile.interval == 0.1)
        let taken = try await first(101, of: simulator, step: 0.1)
        let gaps = zip(taken.dropFirst(), taken).map { $0.timestamp.timeIntervalSince($1.timestamp) }
        #expect(gaps.allSatisfy { abs($0 - 0.1) < 1e-6 }, "\(gaps.prefix(5))")
        // 10 s at 5:00 /km is about 33 m (the speed varies by a few per cent from fix to fix).
        let metres = zip(taken.dropFirst(), taken).map { Geodesy.distance(from: $1.coordinate, to: $0.coordinate) }.reduce(0, +)
        #expect(abs(metres - 33.3) < 2, "\(metres) m")
    }

    @Test("the simulator's fixes are on the course given (its default start is 30 km away)")
    func simulatorFollowsTheCourse() async throws {
        let course = try Self.square()
        let taken = try await first(5, of: try factory().make(course: course), step: 1)
        #expect(taken.count == 5)
        for fix in taken {
            #expect(Geodesy.distance(from: fix.coordinate, to: course.course.points[0]) < 30, "\(fix.coordinate)")
        }
    }

    @Test("without --seed one random seed is drawn for the factory: every source it makes is the same runner, another factory another")
    func randomSeedDrawnOnce() throws {
        let factory = factory(seed: nil)
        let first = try #require(try factory.make(course: nil) as? SimulatedLocationRepository)
        let second = try #require(try factory.make(course: try Self.square()) as? SimulatedLocationRepository)
        #expect(first.profile.seed == factory.seed && second.profile.seed == factory.seed)
        #expect(factory.seed != 0)
        #expect(self.factory(seed: nil).seed != factory.seed, "two 64-bit random seeds (a collision is 1 in 2^64)")
    }

    @Test("gpsd[:HOST:PORT] is a gpsd client of that endpoint, logged; it does not connect until read")
    func gpsd() throws {
        let endpoint = try #require(GPSDEndpoint.parse("192.0.2.7:2950"))
        let source = try factory(.gpsd(endpoint)).make(course: try Self.square())
        let client = try #require(source as? GPSDLocationRepository)
        #expect(client.endpoint == endpoint)
        #expect(log.lines == ["info positions from gpsd at 192.0.2.7:2950"])
    }

    @Test("an NMEA or GPX file that does not exist is no input, naming the file; nothing logged")
    func missingFile() {
        for spec in [LocationSourceSpec.nmea(path: "/nonexistent/run.nmea", speed: 1), .gpx(path: "/nonexistent/run.gpx", speed: 5)] {
            let path = spec == .nmea(path: "/nonexistent/run.nmea", speed: 1) ? "/nonexistent/run.nmea" : "/nonexistent/run.gpx"
            #expect(throws: SourceError.missing(path: path)) { try factory(spec).make(course: nil) }
            #expect(SourceError.missing(path: path).description == "there is no file \(path): check the path, or use --source sim")
            #expect(SourceError.missing(path: path).fault == .noInput)
        }
        #expect(log.lines.isEmpty)
    }

    @Test("a timed GPX track replays its points and logs them with the speed")
    func gpxReplay() throws {
        let path = Fixtures.url("track-with-empty-segment.gpx").path
        let replay = try #require(try factory(.gpx(path: path, speed: 20)).make(course: nil) as? ReplayLocationRepository)
        #expect(replay.reports.count == 9 && !replay.isPaced)
        #expect(log.lines == ["info replaying \(path) x20.0: 9 points"])
    }

    @Test("a GPX track without times replays at the factory's pace, and says so")
    func untimedGPXAtPace() throws {
        let path = Fixtures.url("track-with-extremes.gpx").path
        let slow = try #require(try factory(.gpx(path: path, speed: 1), pace: 600).make(course: nil) as? ReplayLocationRepository)
        let fast = try #require(try factory(.gpx(path: path, speed: 1), pace: 300).make(course: nil) as? ReplayLocationRepository)
        #expect(slow.isPaced && slow.reports.count == 25)
        let span = { (replay: ReplayLocationRepository) -> TimeInterval in
            guard let first = replay.reports.first?.time, let last = replay.reports.last?.time else { return 0 }
            return last.timeIntervalSince(first)
        }
        #expect(span(slow) > 0 && abs(span(slow) - 2 * span(fast)) < 1, "\(span(slow)) s at 10:00/km, \(span(fast)) s at 5:00/km")
        #expect(log.lines == Array(repeating: "info replaying \(path) x1.0: 25 points without times, at --pace", count: 2))
    }

    @Test("an NMEA log replays its fixes and logs what was read")
    func nmeaReplay() throws {
        let path = Fixtures.url("telit-he910.log").path
        let replay = try #require(try factory(.nmea(path: path, speed: 2)).make(course: nil) as? ReplayLocationRepository)
        #expect(!replay.reports.isEmpty)
        #expect(replay.statistics.fixes == replay.reports.count)
        #expect(log.lines == ["info replaying \(path) x2.0: \(replay.statistics.summary)"])
        #expect(replay.statistics.summary.hasPrefix("\(replay.reports.count) fixes"), "\(replay.statistics.summary)")
    }
}
