import Data
import SyncWire
import Domain
import Foundation

// Course benchmark: the map-matcher's cost per fix, and its accuracy on the real tracks of Tests/Fixtures.
// Run it in release: `swift run --package-path Benchmarks -c release CourseBenchmark`. 1 and 2 run on the main thread (one core); 3 on loopback sockets.
//
// 1. Cost: a winding 2 000-point loop (5 km, a point every 2.5 m), run 40 laps at 3.5 m/s, one fix a
//    second with 10 m of noise: 57 000 fixes through `CourseMatcher.match`, the best of 5 passes.
// 2. Accuracy: each real track as a course, replayed along itself with 0, 5, 10 and 20 m of seeded noise
//    (seeds 1-20): each fix's progress against the same fix's progress without noise, the progress at the
//    end against the course's length, beside the GPS distance the same noisy fixes give through the noise
//    filter (`DistanceTracker`).

extension SplitMix64 {
    /// A number in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Up to `radius` metres from `point`, uniform in the disk.
    mutating func noisy(_ point: Coordinate, radius: Double) -> Coordinate {
        guard radius > 0 else { return point }
        return Geodesy.destination(from: point, metres: radius * unit().squareRoot(), bearing: unit() * 360)
    }
}

// MARK: 1. Cost per fix

func windingLoop(points: Int, spacing: Double) -> [Coordinate] {
    // A circle of the right circumference with a wobble, so segments turn all the time.
    let radius = Double(points) * spacing / (2 * .pi)
    let centre = Coordinate(latitude: 46, longitude: 14.5)
    return (0..<points).map { index in
        let angle = Double(index) / Double(points) * 360
        let wobble = 25 * sin(Double(index) / 15)
        return Geodesy.destination(from: centre, metres: radius + wobble, bearing: angle)
    } + [Geodesy.destination(from: centre, metres: radius, bearing: 0)]
}

let loop = try LappedCourse(course: Course(name: "loop", points: windingLoop(points: 2_000, spacing: 2.5)), laps: 40)
var random = SplitMix64(seed: 42)
let start = Date(timeIntervalSince1970: 1_800_000_000)
let fixCount = Int(loop.totalLength / 3.5)
let fixes = (0..<fixCount).map { second in
    (random.noisy(loop.coordinate(at: Double(second) * 3.5), radius: 10), start.addingTimeInterval(Double(second)))
}
var best = Double.infinity
var finalProgress = 0.0
for _ in 0..<5 {
    var matcher = CourseMatcher(course: loop)
    let clock = ContinuousClock()
    let began = clock.now
    for (coordinate, time) in fixes { matcher.match(coordinate, at: time) }
    let elapsed = clock.now - began
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
    finalProgress = matcher.progress
}
print("matcher: \(loop.course.points.count)-point course, \(loop.laps) laps, \(fixes.count) fixes with 10 m noise")
print(String(format: "  %.0f ns per fix (best of 5), final progress %.1f of %.1f m", best / Double(fixes.count) * 1e9, finalProgress, loop.totalLength))

// MARK: 2. Accuracy on real tracks

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures")
print("\naccuracy: real tracks as courses, replayed along themselves with seeded noise (seeds 1-20)")
print("| track | course m | noise m | progress error per fix: mean | max | final progress error: max | GPS distance (noise filter): mean | max |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for file in ["cerknicko-jezero.gpx", "Mojstrovka.gpx"] {
    let segments = try GPXTrack(contentsOf: fixtures.appendingPathComponent(file)).segments
    let points = segments.max { $0.count < $1.count } ?? []
    let course = try LappedCourse(course: Course(name: file, points: points.map(\.coordinate)))
    let times = points.compactMap(\.time)
    let timed = times.count == points.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 }
    let instants = points.indices.map { timed ? times[$0] : start.addingTimeInterval(Double($0) * 5) }
    // The reference: each fix's progress without noise (the points are the course's own).
    var clean = CourseMatcher(course: course)
    let truth = points.indices.map { clean.match(points[$0].coordinate, at: instants[$0]).progress }
    for noise in [0.0, 5, 10, 20] {
        var perFix: [Double] = []
        var finals: [Double] = []
        var gps: [Double] = []
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            var matcher = CourseMatcher(course: course)
            var tracker = DistanceTracker()
            for (index, point) in points.enumerated() {
                let coordinate = random.noisy(point.coordinate, radius: noise)
                perFix.append(abs(matcher.match(coordinate, at: instants[index]).progress - truth[index]))
                tracker.add(Fix(coordinate: coordinate, timestamp: instants[index]))
            }
            finals.append(abs(matcher.progress - course.totalLength) / course.totalLength)
            gps.append((tracker.distance - course.totalLength) / course.totalLength)
        }
        let percent = { (value: Double) in String(format: "%+.2f %%", value * 100) }
        print("| \(file) | \(String(format: "%.1f", course.totalLength)) | \(Int(noise)) | "
            + String(format: "%.1f m | %.1f m | %.2f %%", perFix.reduce(0, +) / Double(perFix.count), perFix.max() ?? 0, (finals.max() ?? 0) * 100)
            + " | \(percent(gps.reduce(0, +) / 20)) | \(percent(gps.max { abs($0) < abs($1) } ?? 0)) |")
    }
}

// MARK: 3. The course fetch (docs/PROTOCOL.md, "Course fetch")
//
// A host and a joiner on two loopback sockets, paired over an invitation of a course (the pairing runs
// first, untimed); then the joiner fetches the course: signed requests, signed chunks, the digest
// checked. Timed from the first request to the checked course, the median of 5, for 1 000, 10 000
// and 100 000 points (the most a course may have), with the datagrams and bytes the host sent.

/// A winding course of `count` points, 2 m apart, on the digest's 1e-7 degree grid.
func fetchCourse(points count: Int) throws -> CourseFile {
    let points = (0..<count).map { index in
        CoursePoints.quantized(Coordinate(latitude: 46 + Double(index) * 0.000018, longitude: 14 + sin(Double(index) / 40) * 0.0002))
    }
    return CourseFile(course: try Course(name: "bench", points: points), path: "bench.gpx")
}

func pairedForFetch(_ file: CourseFile) async throws -> (UDPRaceSyncRepository, UDPRaceSyncRepository, RaceTerms) {
    let host = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, identity: .generate())
    let joiner = try await UDPRaceSyncRepository.bind(host: "127.0.0.1", port: 0, identity: .generate())
    try host.addPeer(PeerAddress(host: "127.0.0.1", port: joiner.localPort))
    try joiner.addPeer(PeerAddress(host: "127.0.0.1", port: host.localPort))
    let (alice, bob) = (Runner(id: RunnerID(rawValue: 0xA1), name: "alice"), Runner(id: RunnerID(rawValue: 0xB2), name: "bob"))
    let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000), course: file.terms(laps: 1))
    let offer = InvitationOffer(
        id: 7, host: alice, terms: terms, invitees: [bob.id], sentAt: Date(), timeout: 60,
        course: CourseListing(try LappedCourse(course: file.course))
    )
    host.serveCourse(file)
    let shown = Task { () -> Bool in
        for await message in joiner.messages() { if case .invitation = message.message { return true } }
        return false
    }
    // The invitation reaches bob's lobby once its pairing completed.
    for _ in 0..<500 {
        await joiner.send(.presence(bob, .free), from: bob, to: nil)
        await host.send(.presence(alice, .free), from: alice, to: nil)
        await host.send(.invitation(offer), from: alice, to: [bob.id])
        try await Task.sleep(for: .milliseconds(10))
        if joiner.statistics.received["invitation", default: 0] > 0 { break }
    }
    _ = await shown.value
    return (host, joiner, terms)
}

print("\ncourse fetch on loopback (no loss), median of 5")
print("| points | chunks | fetch time | host datagrams | host bytes |")
print("|---:|---:|---:|---:|---:|")
for count in [1_000, 10_000, Course.maximumPoints] {
    let file = try fetchCourse(points: count)
    var times: [Double] = []
    var sent = (datagrams: 0, bytes: 0)
    for round in 0..<5 {
        let (host, joiner, terms) = try await pairedForFetch(file)
        guard let courseTerms = terms.course else { fatalError("the terms name no course") }
        let before = host.statistics
        let started = Date()
        let course = try await joiner.fetchCourse(
            courseTerms, pointCount: count, title: "bench", invitation: 7, from: Runner(id: RunnerID(rawValue: 0xA1), name: "alice"),
            within: 120
        )
        times.append(Date().timeIntervalSince(started))
        precondition(course.points == file.course.points, "the fetched course differs")
        if round == 0 {
            sent = (host.statistics.datagramsSent - before.datagramsSent, host.statistics.bytesSent - before.bytesSent)
        }
        await host.close()
        await joiner.close()
    }
    let median = times.sorted()[2]
    print("| \(count) | \(CourseChunk.count(forPoints: count)) | \(String(format: "%.0f ms", median * 1000)) | \(sent.datagrams) | \(sent.bytes) |")
}
