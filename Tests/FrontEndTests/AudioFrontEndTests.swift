import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The audio front-end loaded through the real host: a WAV and a cue log from frames, and the clear
/// errors at start (no device, no voice, a bad setting, a file it cannot write).
@Suite("Audio front-end through the host")
struct AudioFrontEndTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func load(_ settings: [String: String]) throws -> FrontEndHost {
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("audio", options: FrontEndOptions(outputFD: 1), settings: FrontEndSettings(byFrontEnd: ["audio": settings]))
        return host
    }

    @Test("frames in, a WAV on the race's timeline and a cue log out: the countdown tones and the spoken result")
    func wavAndCueLog() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("race.wav"), cues = folder.appendingPathComponent("cues.jsonl")
        let host = try Self.load(["out": wav.path, "cues": cues.path, "verbosity": "quiet"])
        let startsAt = "2027-01-15T08:00:05.000Z"
        let frames = [SampleFrames.waiting]
            + [3, 2, 1, 0].map { left in
                FrontEndFrame(type: .countdown, time: "2027-01-15T08:00:0\(5 - left).000Z",
                              countdown: FrontEndCountdown(secondsLeft: left, startsAt: startsAt))
            }
            + [SampleFrames.result]
        for frame in frames { #expect(host.deliver(frame).isEmpty) }
        host.shutdown()

        let lines = try String(contentsOf: cues, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.map { $0["kind"] as? String } == ["countdown", "countdown", "countdown", "start", "result"])
        #expect(lines.map { $0["at_s"] as? Double } == [2, 3, 4, 5, 340])
        #expect(lines.map { $0["start_s"] as? Double } == [2, 3, 4, 5, 340])
        #expect(lines.allSatisfy { $0["outcome"] as? String == "played" })
        #expect(lines.last?["text"] as? String == "alice wins in 5 minutes 21 seconds. You are 1st in 5 minutes 21 seconds.")

        // 16-bit mono PCM, as long as the race's frames and the result read after the last one.
        let bytes = try Data(contentsOf: wav)
        #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes[8..<16] == Data("WAVEfmt ".utf8))
        let rate = bytes[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let seconds = Double(bytes.count - 44) / 2 / Double(rate)
        let resultLength = try #require(lines.last?["duration_s"] as? Double)
        #expect(rate == 22_050)
        #expect(abs(seconds - (340 + resultLength)) < 0.01, "\(seconds) s")
    }

    @Test("played live on an ALSA device (alsa-lib's null device): every cue settled once, in order; the start tone and the result heard")
    func live() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cues = folder.appendingPathComponent("cues.jsonl")
        let host = try Self.load(["device": "null", "cues": cues.path, "verbosity": "quiet"])
        let startsAt = "2027-01-15T08:00:05.000Z"
        for left in [3, 2, 1, 0] {
            #expect(host.deliver(FrontEndFrame(type: .countdown, time: "2027-01-15T08:00:0\(5 - left).000Z",
                                               countdown: FrontEndCountdown(secondsLeft: left, startsAt: startsAt))).isEmpty)
        }
        #expect(host.deliver(SampleFrames.result).isEmpty)
        host.shutdown()

        let lines = try String(contentsOf: cues, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.map { $0["kind"] as? String } == ["countdown", "countdown", "countdown", "start", "result"])
        // A beep may be replaced by the next second's when the frames come faster than the beeps play.
        #expect(lines.allSatisfy { ["played", "replaced"].contains($0["outcome"] as? String) }, "\(lines)")
        #expect(lines.suffix(2).allSatisfy { $0["outcome"] as? String == "played" && ($0["duration_s"] as? Double ?? 0) > 0 })
    }

    static let failures: [([String: String], String)] = [
        (["device": "no-such-device"], "audio: cannot open the sound device \"no-such-device\""),
        (["voice": "xx-nonexistent", "out": "/dev/null"], "audio: eSpeak NG has no voice \"xx-nonexistent\""),
        (["out": "/nonexistent-folder/race.wav"], "audio: cannot write /nonexistent-folder/race.wav (No such file or directory)"),
        (["cues": "/nonexistent-folder/cues.jsonl", "out": "/dev/null"], "audio: cannot write the cue log /nonexistent-folder/cues.jsonl"),
        (["volume": "11"], "--frontend-option audio.volume=11: unknown option; the audio front-end knows out"),
    ]

    @Test("a start it cannot make fails with what to do", arguments: failures)
    func startFailures(settings: [String: String], message: String) {
        #expect {
            _ = try Self.load(settings)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
