import Foundation
import FrontEndKit
import MateRunnerTesting
import Testing

/// The frame writer against `JSONEncoder` (compact, sorted keys, slashes unescaped, what front-ends
/// have always received): the same bytes for every kind of frame, every optional field present or
/// absent, awkward strings and numbers.
@Suite("FrontEndCoding: frames written by hand, byte for byte as JSONEncoder")
struct FrontEndFrameWriterTests {
    /// Seeded, so a failure names a frame that can be made again.
    typealias Seeded = SeededGenerator

    static func viaJSONEncoder<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static let pieces: [String] = [
        "alice", "bob", "0.42 km", "5:20 /km", "a/b", "\"quoted\"", "back\\slash", "tab\there", "new\nline",
        "\r", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "ß", "👏", "🏃‍♀️", "\u{2028}", "日本", " ", "",
    ]

    static func text(_ rng: inout Seeded) -> String {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func number(_ rng: inout Seeded) -> Double {
        switch Int.random(in: 0...9, using: &rng) {
        case 0: return Double(Int.random(in: -100_000...100_000, using: &rng))
        case 1: return Double.random(in: 0...1, using: &rng)
        case 2: return Double.random(in: -1e-6...1e-6, using: &rng)
        case 3: return Double.random(in: 1e15...1e22, using: &rng)
        case 4: return [0.0, -0.0, 0.1, 1e-7, 1e16, 1e21, 123456789012345680, .leastNonzeroMagnitude, .greatestFiniteMagnitude].randomElement(using: &rng)!
        case 5: return (Double.random(in: 0...20_000, using: &rng) * 10).rounded() / 10
        default: return Double.random(in: -1000...50_000, using: &rng)
        }
    }

    static func maybe<T>(_ rng: inout Seeded, _ make: (inout Seeded) -> T) -> T? {
        Bool.random(using: &rng) ? make(&rng) : nil
    }

    static func runner(_ rng: inout Seeded) -> FrontEndRunner {
        var runner = FrontEndRunner(
            id: text(&rng), name: text(&rng), me: .random(using: &rng), rank: maybe(&rng) { Bool.random(using: &$0) ? Int.random(in: -5...100, using: &$0) : [Int.min, Int.max, -10, 10, 1_000_000].randomElement(using: &$0)! },
            state: text(&rng), distance: text(&rng), distanceMetres: number(&rng), progress: number(&rng), leader: .random(using: &rng),
            time: text(&rng), timeSeconds: number(&rng), finishSeconds: maybe(&rng, number), pace: maybe(&rng, text),
            speedMetresPerSecond: maybe(&rng, number), calories: maybe(&rng, text), caloriesKcal: maybe(&rng, number),
            offCourse: maybe(&rng) { Bool.random(using: &$0) },
            course: maybe(&rng) { rng in
                FrontEndRunnerCourse(progressMetres: number(&rng), lap: Int.random(in: 0...9, using: &rng), latitude: number(&rng),
                                     longitude: number(&rng), gpsDistanceMetres: maybe(&rng, number))
            },
            ghost: maybe(&rng) { Bool.random(using: &$0) }, announcedBy: maybe(&rng, text))
        // Lap times: none, or a few, as texts and seconds.
        runner.laps = maybe(&rng) { rng in (0..<Int.random(in: 0...4, using: &rng)).map { _ in text(&rng) } }
        runner.lapsSeconds = maybe(&rng) { rng in (0..<Int.random(in: 0...4, using: &rng)).map { _ in number(&rng) } }
        return runner
    }

    static func frame(_ rng: inout Seeded) -> FrontEndFrame {
        let kinds: [FrontEndFrame.Kind] = [.status, .result, .notice, .invitation, .countdown, .cheer, .clock, .course]
        return FrontEndFrame(
            type: kinds.randomElement(using: &rng)!, time: text(&rng), stage: maybe(&rng, text), elapsed: maybe(&rng, text),
            elapsedSeconds: maybe(&rng, number), mode: maybe(&rng, text), goal: maybe(&rng, text), goalMetres: maybe(&rng, number),
            runners: maybe(&rng) { rng in (0..<Int.random(in: 0...5, using: &rng)).map { _ in runner(&rng) } },
            leader: maybe(&rng, text), winner: maybe(&rng, runner), level: maybe(&rng, text), message: maybe(&rng, text),
            invitation: maybe(&rng) { rng in
                FrontEndInvitation(id: text(&rng), from: text(&rng), mode: text(&rng), goal: text(&rng), goalMetres: number(&rng),
                                   expires: text(&rng), secondsLeft: number(&rng), code: maybe(&rng, text),
                                   paired: maybe(&rng) { Bool.random(using: &$0) })
            },
            countdown: maybe(&rng) { FrontEndCountdown(secondsLeft: Int.random(in: 0...10, using: &$0), startsAt: text(&$0)) },
            cheer: maybe(&rng) { FrontEndCheer(from: text(&$0), to: maybe(&$0, text), emoji: text(&$0)) },
            clock: maybe(&rng) { rng in
                FrontEndClock(source: text(&rng), instant: text(&rng), dayOffset: Int.random(in: -1...1, using: &rng), day: text(&rng),
                              offset: text(&rng), offsetSeconds: number(&rng), uncertainty: text(&rng),
                              uncertaintySeconds: maybe(&rng, number),
                              zones: [FrontEndZoneTime(zone: text(&rng), date: text(&rng), weekday: text(&rng), time: text(&rng), utcOffset: text(&rng))])
            },
            position: maybe(&rng) { rng in
                FrontEndPosition(
                    source: text(&rng), state: text(&rng), accuracyMetres: maybe(&rng, number), summary: text(&rng),
                    droppedFixes: maybe(&rng) { rng in
                        FrontEndDroppedFixes(count: Int.random(in: 0...100_000, using: &rng), maximumAccuracyMetres: maybe(&rng, number), summary: text(&rng))
                    }
                )
            },
            course: maybe(&rng) { rng in
                FrontEndCourse(name: text(&rng), file: text(&rng), digest: text(&rng), laps: Int.random(in: 1...5, using: &rng),
                               length: text(&rng), lengthMetres: number(&rng), totalMetres: number(&rng),
                               points: [[number(&rng), number(&rng)], [number(&rng), number(&rng)]])
            },
            inputs: maybe(&rng) { rng in (0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng) } })
    }

    @Test("5 000 random frames: the same bytes as JSONEncoder, and they decode to the same frame")
    func randomFrames() throws {
        for seed in 1...5_000 as ClosedRange<UInt64> {
            var rng = Seeded(seed: seed)
            let frame = Self.frame(&rng)
            let written = try FrontEndCoding.encode(frame)
            let expected = try Self.viaJSONEncoder(frame)
            #expect(written == expected, "seed \(seed):\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
            if written != expected { return }
            #expect(try FrontEndCoding.decode(FrontEndFrame.self, from: written) == frame, "seed \(seed)")
        }
    }

    @Test("a status frame of the sample race and an empty notice: the same bytes as JSONEncoder")
    func plainFrames() throws {
        let notice = FrontEndFrame(type: .notice, time: "2027-01-15T08:00:00.000Z")
        #expect(try FrontEndCoding.encode(notice) == (try Self.viaJSONEncoder(notice)))
        #expect(String(decoding: try FrontEndCoding.encode(notice), as: UTF8.self)
            == #"{"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"notice"}"#)
        let runner = FrontEndRunner(id: "00000000000000a1", name: "alice", me: true, rank: 1, state: "running", distance: "0.42 km",
                                    distanceMetres: 425.5, progress: 0.4255, leader: true, time: "01:05", timeSeconds: 65,
                                    finishSeconds: nil, pace: "2:32 /km", speedMetresPerSecond: 6.546)
        let status = FrontEndFrame(type: .status, time: "2027-01-15T08:01:05.000Z", stage: "running", elapsed: "01:05",
                                   elapsedSeconds: 65, mode: "race", goal: "1.00 km", goalMetres: 1000, runners: [runner],
                                   leader: "alice", message: "running to 1.00 km")
        #expect(try FrontEndCoding.encode(status) == (try Self.viaJSONEncoder(status)))
    }

    @Test("frames far past the writer's first guess at their size (long texts, escapes, 64 runners): the same bytes as JSONEncoder")
    func largeFrames() throws {
        var rng = Seeded(seed: 64)
        let long = String(repeating: "tab\there \"quoted\" é👏 ", count: 4_000)
        var runners = (0..<64).map { _ in Self.runner(&rng) }
        runners[3].name = long
        for message in [long, "", String(repeating: "\u{1}", count: 9_000)] {
            let frame = FrontEndFrame(type: .status, time: "2027-01-15T08:01:05.000Z", runners: runners, leader: long, message: message)
            let written = try FrontEndCoding.encode(frame)
            #expect(written == (try Self.viaJSONEncoder(frame)))
            #expect(written.count > 100_000)
        }
        // And a frame with nothing but its three members, well under the first guess.
        let small = FrontEndFrame(type: .notice, time: "")
        #expect(try FrontEndCoding.encode(small) == (try Self.viaJSONEncoder(small)))
    }

    @Test("numbers of up to seven decimals, their neighbours and the edges of the digits written by hand: the same bytes as JSONEncoder")
    func decimals() throws {
        var rng = Seeded(seed: 7)
        var values: [Double] = [
            0, -0.0, 0.0001, 0.000_099_999, -0.0001, 0.000123, 0.05, 0.5, 1, 10, 425.5, 0.4255, 6.546, 59.001,
            999_999_999_999_999, 1e15, 1e15.nextDown, 1e15.nextUp, 123_456_789_012.345_6, 4_503_599_627.370_496,
            0.1 + 0.2, 1.0 / 3.0, 0.9492499999999999, 3.217742072168269,
        ]
        for _ in 0..<5_000 {
            let decimals = Int.random(in: 0...7, using: &rng)
            let whole = Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &rng))
            let value = whole / pow(10, Double(decimals))
            values += [value, value.nextUp, value.nextDown]
        }
        for value in values {
            let frame = FrontEndFrame(type: .status, time: "", elapsedSeconds: value)
            let written = try FrontEndCoding.encode(frame)
            let expected = try Self.viaJSONEncoder(frame)
            #expect(written == expected, "\(value): \(String(decoding: written, as: UTF8.self))")
            if written != expected { return }
        }
    }

    @Test("a number JSON cannot carry is refused, as JSONEncoder refuses it, naming the field")
    func nonFinite() {
        for value in [Double.nan, .infinity, -.infinity] {
            let frame = FrontEndFrame(type: .status, time: "t", elapsedSeconds: value)
            #expect(throws: (any Error).self) { try Self.viaJSONEncoder(frame) }
            #expect { try FrontEndCoding.encode(frame) } throws: { "\($0)".contains("elapsed_s") }
        }
    }
}
