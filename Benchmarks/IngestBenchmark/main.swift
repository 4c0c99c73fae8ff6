import Domain
import Foundation

// Ingest benchmark: 8 runners' fixes through the noise filter and distance (`DistanceTracker`), each
// fix turned into the runner's `RunnerProgress`, and the standings (`ResolveRace`) recomputed.
// Run it in release: `swift run --package-path Benchmarks -c release IngestBenchmark`. It prints fixes per second on one core
// (everything runs on the main thread) for three depths of work; the best of several passes counts.

let runners = 8
let fixesPerRunner = 100_000
let passes = 5
let start = Date(timeIntervalSince1970: 1_800_000_000)
let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000_000))

/// A deterministic run for one runner: 1 Hz, 2.5-4.5 m/s, 2 m of jitter, an outlier every 500 fixes.
func track(for runner: Int) -> [Fix] {
    var random = SplitMix(seed: UInt64(runner) &* 0x9E37_79B9_7F4A_7C15)
    let speed = 2.5 + Double(runner) * 0.25
    var position = Coordinate(latitude: 46.0 + Double(runner) * 0.01, longitude: 14.5)
    return (0..<fixesPerRunner).map { index in
        position = Geodesy.destination(from: position, metres: speed, bearing: Double(index / 300 * 90 % 360))
        var reported = Geodesy.destination(from: position, metres: random.unit() * 2, bearing: random.unit() * 360)
        if index % 500 == 499 { reported = Geodesy.destination(from: position, metres: 400, bearing: 45) }
        return Fix(coordinate: reported, timestamp: start.addingTimeInterval(Double(index)), horizontalAccuracy: 4, quality: .threeDimensional)
    }
}

/// SplitMix64, so every run of the benchmark ingests the same fixes.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

enum Standings { case none, perRound, perFix }

/// One pass over every fix; returns (seconds, a checksum that keeps the work from being optimized away).
func ingest(_ tracks: [[Fix]], standings mode: Standings) -> (Double, Double) {
    var trackers = Array(repeating: DistanceTracker(), count: runners)
    var progress = (0..<runners).map { index in
        RunnerProgress(runner: Runner(id: RunnerID(rawValue: UInt64(index + 1)), name: "runner \(index + 1)"), terms: terms, phase: .running)
    }
    var checksum = 0.0
    let clock = ContinuousClock()
    let began = clock.now
    for index in 0..<fixesPerRunner {
        for runner in 0..<runners {
            let fix = tracks[runner][index]
            guard case .accepted = trackers[runner].add(fix) else { continue }
            progress[runner].distance = trackers[runner].distance
            progress[runner].elapsed = Double(index)
            progress[runner].sequence &+= 1
            if mode == .perFix { checksum += ResolveRace.standings(of: progress, terms: terms).standings[0].distance }
        }
        if mode == .perRound { checksum += ResolveRace.standings(of: progress, terms: terms).standings[0].distance }
    }
    let elapsed = clock.now - began
    checksum += trackers.reduce(0) { $0 + $1.distance + Double($1.rejectedCount) }
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, checksum)
}

let tracks = (0..<runners).map(track(for:))
let total = runners * fixesPerRunner
print("IngestBenchmark: \(runners) runners × \(fixesPerRunner) fixes, best of \(passes) passes, one core")
print("| work per fix | fixes/s | ns/fix |")
print("|---|---:|---:|")
for (label, mode) in [
    ("filter + distance + progress", Standings.none),
    ("… + standings of the 8 once per round of 8 fixes", .perRound),
    ("… + standings after every fix", .perFix),
] {
    var best = Double.infinity
    var checksum = 0.0
    for _ in 0..<passes {
        let (seconds, sum) = ingest(tracks, standings: mode)
        best = min(best, seconds)
        checksum += sum
    }
    let rate = Double(total) / best
    print("| \(label) | \(Int(rate).formatted()) | \(String(format: "%.1f", best / Double(total) * 1e9)) |")
    if checksum.isNaN { print("checksum NaN") }
}
