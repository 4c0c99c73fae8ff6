import Foundation
import MateRunnerTesting
import Testing

/// The same race with no `--peer`: each process in its own network namespace with its own D-Bus and
/// avahi-daemon, finding the other through DNS-SD (scripts/netns-mdns-race.sh).
@Suite("End to end: race over real mDNS in network namespaces")
struct MDNSRaceTests {
    @Test("two runners discover each other with DNS-SD and agree on the result")
    func discoveredRaceAgrees() async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-mdns-race.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-mdns-\(UUID().uuidString)")
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.path], timeout: 180
        )
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let aliceLog = (try? String(contentsOf: output.appendingPathComponent("alice.err"), encoding: .utf8)) ?? ""
        let bobLog = (try? String(contentsOf: output.appendingPathComponent("bob.err"), encoding: .utf8)) ?? ""
        #expect(!run.timedOut)
        #expect(run.status == 0, "script exit \(run.status): \(run.stderr)\nalice: \(aliceLog)\nbob: \(bobLog)")

        let alice = try ProcessRun(status: 0, stdout: String(contentsOf: output.appendingPathComponent("alice.json"), encoding: .utf8), stderr: aliceLog, timedOut: false)
        let bob = try ProcessRun(status: 0, stdout: String(contentsOf: output.appendingPathComponent("bob.json"), encoding: .utf8), stderr: bobLog, timedOut: false)
        let resultA = try RaceResult(lines: alice.jsonLines())
        let resultB = try RaceResult(lines: bob.jsonLines())
        #expect(resultA == resultB)
        #expect(resultA.entries.map(\.name).sorted() == ["alice", "bob"])
        #expect(resultA.winner != nil)
        // They found each other by DNS-SD, at the namespaces' addresses.
        #expect(aliceLog.contains("found mate bob at 10.250.0.2"))
        #expect(bobLog.contains("found mate alice at 10.250.0.1"))
        try? FileManager.default.removeItem(at: output)
    }

    @Test(
        "an invited race over real mDNS, paired by its code: bob's screen (JSON invitation frame, or the text front-end's prompt in tmux) shows the code alice's screen shows, a JSON input event (or the key a) accepts, the race runs keyed and bob is paired with alice",
        arguments: ["json", "text"]
    )
    func pairedByCode(frontEnd: String) async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-mdns-race.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-mdns-pairing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.path], timeout: 240, environment: ["PAIRING": frontEnd]
        )
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        func file(_ name: String) -> String {
            (try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        #expect(!run.timedOut)
        #expect(run.status == 0, "script exit \(run.status): \(run.stderr)\nalice: \(file("alice.err"))\nbob: \(file("bob.err"))")
        if frontEnd == "text" {
            // The text front-end's prompt, as tmux captured it, carries the code and what to check.
            #expect(file("bob-screen.txt").range(of: #"code \d{6}: accept only if alice's screen shows it"#, options: .regularExpression) != nil, "\(file("bob-screen.txt"))")
            #expect(file("bob-screen-end.txt").contains("you accepted alice's invitation"), "\(file("bob-screen-end.txt"))")
        }
        // The script compared the codes on both screens before accepting.
        #expect(file("codes.txt").range(of: #"^bob's screen: code (\d{6}); alice's screen: bob's code: \1$"#, options: .regularExpression) != nil, "\(file("codes.txt"))")
        let alice = ProcessRun(status: 0, stdout: file("alice.json"), stderr: file("alice.err"), timedOut: false)
        let bob = ProcessRun(status: 0, stdout: file("bob.json"), stderr: file("bob.err"), timedOut: false)
        let (resultA, resultB) = (try RaceResult(lines: alice.jsonLines()), try RaceResult(lines: bob.jsonLines()))
        #expect(resultA == resultB && resultA.entries.map(\.name).sorted() == ["alice", "bob"])
        for log in [alice.stderr, bob.stderr] {
            #expect(log.contains("keyed with the race key and race id from the pairing exchange"), "\(log)")
        }
        #expect(alice.stderr.contains("found mate bob at 10.250.0.2") && bob.stderr.contains("found mate alice at 10.250.0.1"))
        // Bob accepted after comparing the code: alice is now a known mate of his device, with her identity.
        let aliceIdentity = try ProcessRun(status: 0, stdout: file("alice-mates.json"), stderr: "", timedOut: false).jsonLines().first?["identity"] as? String
        let bobMates = try ProcessRun(status: 0, stdout: file("bob-mates.json"), stderr: "", timedOut: false).jsonLines()
        #expect(bobMates.contains { $0["name"] as? String == "alice" && $0["identity"] as? String == aliceIdentity && aliceIdentity != nil })
    }

    @Test("an invited course race over real mDNS: alice alone has the course file, bob accepts by the code, fetches it from her and keeps it; both end with the same course, ranking and progress")
    func courseTravelsWithTheInvitation() async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-mdns-race.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-mdns-course-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let course = output.appendingPathComponent("lake.gpx")
        try Data(CourseInvitationEndToEndTests.route(name: "Lake loop").utf8).write(to: course)
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.appendingPathComponent("out").path], timeout: 240,
            environment: ["PAIRING": "json", "COURSE": course.path]
        )
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        func file(_ name: String) -> String {
            (try? String(contentsOf: output.appendingPathComponent("out/\(name)"), encoding: .utf8)) ?? ""
        }
        #expect(!run.timedOut)
        #expect(run.status == 0, "script exit \(run.status): \(run.stderr)\nalice: \(file("alice.err"))\nbob: \(file("bob.err"))")
        let alice = try ProcessRun(status: 0, stdout: file("alice.json"), stderr: file("alice.err"), timedOut: false).jsonLines()
        let bob = try ProcessRun(status: 0, stdout: file("bob.json"), stderr: file("bob.err"), timedOut: false).jsonLines()
        #expect(file("alice.err").contains("found mate bob at 10.250.0.2") && file("bob.err").contains("found mate alice at 10.250.0.1"))
        // The same course on both screens; bob fetched it from alice (he had no file) and keeps it by digest.
        let courses = [alice, bob].map { lines in lines.first { $0["type"] as? String == "course" }?["course"] as? [String: Any] }
        let digest = try #require(courses[0]?["digest"] as? String)
        #expect(courses[1]?["digest"] as? String == digest && courses[1]?["file"] as? String == "lake.gpx" && courses[1]?["name"] as? String == "Lake loop")
        let notices = bob.filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
        #expect(notices.contains { $0.hasPrefix("course lake.gpx (Lake loop) fetched from alice: 301 points, digest checked") }, "\(notices)")
        #expect(file("bob-courses.txt").split(separator: "\n").contains("\(digest).gpx"), "\(file("bob-courses.txt"))")
        // The same ranking and the same progress of each runner along it.
        #expect(try RaceResult(lines: alice) == RaceResult(lines: bob))
        let progress = [alice, bob].map { lines in
            ((lines.last { $0["type"] as? String == "result" }?["runners"] as? [[String: Any]]) ?? []).map {
                "\($0["name"] ?? "?") \(($0["course"] as? [String: Any])?["progress_m"] ?? "?")"
            }
        }
        #expect(progress[0] == progress[1] && progress[0].count == 2, "\(progress)")
    }
}
