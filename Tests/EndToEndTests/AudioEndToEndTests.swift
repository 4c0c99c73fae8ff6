import Foundation
import MateRunnerTesting
import Testing

/// The audio front-end in the real binary: a whole demo race rendered to a WAV (checked with sox) and
/// its cue log checked against the JSON stream of the same run; a two-runner race with a pass, a
/// cheer and a cancel, each cue on the right runner, in order, once.
@Suite("End to end: the audio front-end")
struct AudioEndToEndTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-audio-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func audioOptions(_ folder: URL, split: String? = nil) -> [String] {
        ["--frontend-option", "audio.out=\(folder.appendingPathComponent("race.wav").path)",
         "--frontend-option", "audio.cues=\(folder.appendingPathComponent("cues.jsonl").path)"]
            + (split.map { ["--frontend-option", "audio.split=\($0)"] } ?? [])
    }

    /// Every sound in the WAV lies within a cue the log says played (a pause inside a sentence may split
    /// one cue into several sounds), and every played cue is heard from its start (within 0.1 s: a soft
    /// first phoneme takes a few windows to reach the loudness counted as sound).
    static func checkSound(_ wav: URL, _ cues: [AudioCheck.Cue]) throws {
        let heard = try AudioCheck.loudSpans(wav)
        let expected = AudioCheck.expectedSpans(cues)
        func show(_ spans: [(start: Double, end: Double)]) -> String {
            spans.map { String(format: "%.2f-%.2f", $0.start, $0.end) }.joined(separator: " ")
        }
        for span in heard {
            #expect(expected.contains { $0.start - 0.02 <= span.start && span.end <= $0.end + 0.02 },
                    "a sound no cue explains: \(show([span])); cues \(show(expected))")
        }
        for cue in expected where cue.end - cue.start >= 0.05 {
            #expect(heard.contains { (cue.start - 0.02...cue.start + 0.1).contains($0.start) },
                    "a cue not heard at its start: \(show([cue])); heard \(show(heard))")
        }
    }

    @Test("a whole demo race to WAV: as long as the race, one sound per cue at its instant, the cue log = the race's splits and passes")
    func demoRace() async throws {
        let binary = try BuildProducts.materunner()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("race.ndjson")
        let run = try await ProcessRun.run(binary, ["demo", "--goal", "0.6", "--frontend", "audio", "--json-out", json.path,
            "--data-dir", folder.appendingPathComponent("data").path] + Self.audioOptions(folder, split: "200m"), timeout: 120)
        #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)")
        let lines = try String(contentsOf: json, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let cues = try AudioCheck.cues(folder.appendingPathComponent("cues.jsonl"))

        // The cue log against the race's own events: each split and pass once, in order, at its frame's time.
        let events = AudioCheck.events(lines, split: 200)
        let said = cues.filter { ["split", "pass", "cheer"].contains($0.kind) }
        #expect(said.map { "\($0.time) \($0.kind)" } == events.map { "\($0.time) \($0.kind)" })
        #expect(said.filter { $0.kind == "split" }.map(\.text.first) == ["2", "4"], "\(said.map(\.text))")
        let result = try #require(lines.last)
        #expect(cues.last?.kind == "result" && cues.last?.time == result["time"] as? String)
        #expect(cues.last?.text.hasPrefix("\((result["winner"] as? [String: Any])?["name"] as? String ?? "?") wins in") == true)
        #expect(cues.allSatisfy { $0.outcome == "played" }, "\(cues.map(\.outcome))")

        // The WAV: second N is second N of the race after its first frame; the result is read after the last.
        let wav = folder.appendingPathComponent("race.wav")
        let first = try #require(lines.first?["time"] as? String), last = try #require(result["time"] as? String)
        let span = try #require(Self.seconds(last)) - (try #require(Self.seconds(first)))
        let end = cues.compactMap { cue in cue.start.flatMap { start in cue.duration.map { start + $0 } } }.max() ?? 0
        #expect(abs(try AudioCheck.duration(wav) - max(span, end)) < 0.01)
        try Self.checkSound(wav, cues)
    }

    @Test("two runners on loopback with a pass, a cheer and a cancel: each cue on the right runner, in order, once; the countdown's tones on the start instants")
    func passCheerCancel() async throws {
        let binary = try BuildProducts.materunner()
        let (portA, portB) = (try freeUDPPort(), try freeUDPPort())
        let (folderA, folderB) = (try Self.folder(), try Self.folder())
        defer { for folder in [folderA, folderB] { try? FileManager.default.removeItem(at: folder) } }
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        // Alice runs fast for 60 s and then stands for 120 s; bob runs steadily and passes her while she
        // stands (at about 75 s of race time), with 105 s of race time (10 s real) to spare before she runs
        // again and before he would finish the 0.6 km: time for the cheer and the cancel on a loaded
        // machine. Bob must see her ahead before he passes (his first frames with her running give the
        // order at the start, not a pass): 7 s real of her lead. With 3.7 s, one run of the whole suite on
        // 2 cores ended without bob's pass.
        let bob = try ProcessRun.Handle(binary, ["run", "--name", "bob", "--join", "--accept-from", "alice", "--port", "\(portB)",
            "--pace", "5:00", "--seed", "2", "--frontend", "json,audio", "--speedup", "10", "--wait", "30"] + Self.audioOptions(folderB),
            environment: homes.environment("bob"), input: true)
        let alice = try ProcessRun.Handle(binary, ["run", "--name", "alice", "--invite", "bob", "--goal", "0.6", "--port", "\(portA)",
            "--peer", "127.0.0.1:\(portB)", "--pace", "4:00", "--pause", "60:120", "--seed", "1", "--frontend", "json,audio",
            "--speedup", "10", "--wait", "30"] + Self.audioOptions(folderA), environment: homes.environment("alice"))
        // Once alice sees bob 10 m ahead (so both have had their pass): a cheer for every mate (alice hears
        // "bob cheers"), then a confirmed cancel.
        let ahead = await alice.waitForJSON(type: "status", timeout: 90) { line in
            let runners = line["runners"] as? [[String: Any]] ?? []
            let distance = { (me: Bool) in runners.first { $0["me"] as? Bool == me }?["distance_m"] as? Double ?? 0 }
            return distance(false) > distance(true) + 10
        }
        try #require(ahead != nil, "bob never passed alice: \(alice.output.suffix(500))")
        bob.send(#"{"type":"cheer","emoji":"👏"}"#)
        _ = await alice.waitForJSON(type: "cheer", timeout: 20)
        bob.send(#"{"type":"cancel"}"#)
        let (runA, runB) = (await alice.wait(timeout: 120), await bob.wait(timeout: 60))
        #expect(runA.status == 0 && runB.status == 0, "\(runA.stderr)\n\(runB.stderr)")

        let cuesA = try AudioCheck.cues(folderA.appendingPathComponent("cues.jsonl"))
        let cuesB = try AudioCheck.cues(folderB.appendingPathComponent("cues.jsonl"))
        let news = { (cues: [AudioCheck.Cue]) in cues.filter { ["pass", "cheer", "mate", "finish"].contains($0.kind) }.map(\.text) }
        let newsA = news(cuesA)
        #expect(Array(newsA.prefix(3)) == ["bob passed you", "bob cheers", "bob cancelled"], "\(newsA)")
        #expect(newsA.count == 4 && newsA.last?.hasPrefix("you finished in ") == true, "\(newsA)")
        #expect(news(cuesB) == ["you passed alice", "you cancelled your run"])
        // The same passes and cheers as each runner's own JSON stream, at the same race times.
        for (cues, run) in [(cuesA, runA), (cuesB, runB)] {
            let events = AudioCheck.events(try run.jsonLines(), split: 1000)
            #expect(cues.filter { ["split", "pass", "cheer"].contains($0.kind) }.map { "\($0.time) \($0.kind)" }
                == events.map { "\($0.time) \($0.kind)" })
        }

        // The countdown on both: 3, 2, 1 beeps a second apart and the start tone on the start instant, on time.
        for (cues, folder, run) in [(cuesA, folderA, runA), (cuesB, folderB, runB)] {
            let countdown = cues.filter { $0.kind == "countdown" || $0.kind == "start" }
            #expect(countdown.map(\.text) == ["3", "2", "1", "GO"])
            let startsAt = try #require(try run.jsonLines().first { $0["type"] as? String == "countdown" }.flatMap {
                ($0["countdown"] as? [String: Any])?["starts_at"] as? String
            })
            let first = try #require(try run.jsonLines().first?["time"] as? String)
            let start = try #require(Self.seconds(startsAt)) - (try #require(Self.seconds(first)))
            #expect(countdown.map { $0.start ?? -1 }.map { ($0 * 1000).rounded() } == [start - 3, start - 2, start - 1, start].map { ($0 * 1000).rounded() })
            let wav = folder.appendingPathComponent("race.wav")
            #expect(try AudioCheck.frequency(wav, at: start - 3, duration: 0.1).map { abs($0 - 880) < 40 } == true)
            #expect(try AudioCheck.frequency(wav, at: start, duration: 0.3).map { abs($0 - 1760) < 80 } == true)
            try Self.checkSound(wav, cues)
        }
    }

    /// Seconds since 1970 of a race-clock timestamp.
    static func seconds(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
