import AudioCues
import Foundation
import FrontEndHosting
import FrontEndKit
import Presentation

/// `swift run --package-path Benchmarks -c release AudioBenchmark FRAMES.ndjson [--split 200m]`: what the audio front-end costs on the
/// frames of a recorded race (`materunner demo --json-out FRAMES.ndjson`). Three figures:
/// - the cue logic alone (`CueMaker`): microseconds per frame;
/// - the plugin through the real host, writing a WAV: how long `deliver` holds the host (median, 99th
///   percentile, longest), and the CPU seconds per cue and per second of sound (synthesis and writing,
///   every thread);
/// - the sound made: cues played, seconds of speech and tones.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    print("usage: AudioBenchmark FRAMES.ndjson [--split 200m]   (make FRAMES with materunner demo --json-out FRAMES.ndjson)")
    exit(64)
}
let split = arguments.firstIndex(of: "--split").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil } ?? "1km"
let frames = text.split(separator: "\n").compactMap { try? FrontEndCoding.decode(FrontEndFrame.self, from: Array($0.utf8)) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

// MARK: The cue logic alone

let settings = try AudioSettings(["split": split])
let rounds = 100
var made = 0
let logicStart = ContinuousClock.now
for _ in 0..<rounds {
    var maker = CueMaker(settings: settings)
    for frame in frames { made += maker.cues(for: frame).count }
}
let logicSeconds = seconds(ContinuousClock.now - logicStart)
print("frames: \(frames.count), cues made: \(made / rounds) (split \(split))")
print(String(format: "CueMaker: %.2f µs per frame (%d rounds)", logicSeconds / Double(rounds * frames.count) * 1e6, rounds))

// MARK: The plugin through the host, writing a WAV

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audio-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let cueLog = folder.appendingPathComponent("cues.jsonl")
let host = FrontEndHost(searchPath: FrontEndSearchPath.standard())
let cpuBefore = cpuSeconds()
let wallStart = ContinuousClock.now
try host.load("audio", options: FrontEndOptions(), settings: FrontEndSettings(byFrontEnd: ["audio": [
    "out": folder.appendingPathComponent("race.wav").path, "cues": cueLog.path, "split": split,
]]))
let cpuLoaded = cpuSeconds()
var delivers: [Double] = []
for frame in frames {
    let start = ContinuousClock.now
    _ = host.deliver(frame)
    delivers.append(seconds(ContinuousClock.now - start))
}
delivers.sort()
host.shutdown()
let cpu = cpuSeconds() - cpuLoaded
let wall = seconds(ContinuousClock.now - wallStart)
let played = try String(contentsOf: cueLog, encoding: .utf8).split(separator: "\n").compactMap {
    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["duration_s"] as? Double
}
let sound = played.reduce(0, +)
print(String(format: "plugin: deliver median %.3f ms, 99th percentile %.3f ms, longest %.3f ms; %d cues played, %.1f s of sound",
             delivers[delivers.count / 2] * 1000, delivers[delivers.count * 99 / 100] * 1000, (delivers.last ?? 0) * 1000,
             played.count, sound))
print(String(format: "CPU: %.3f s to start (eSpeak NG, voice, files); then %.3f s for the frames (cues, synthesis, WAV) = "
             + "%.1f ms per cue, %.4f s of CPU per second of sound; wall %.2f s in all",
             cpuLoaded - cpuBefore, cpu, cpu / Double(max(1, played.count)) * 1000, cpu / max(sound, 0.001), wall))
