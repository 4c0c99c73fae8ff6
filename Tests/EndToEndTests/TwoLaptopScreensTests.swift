import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The README's two-laptop guide followed literally, plus a spectator, on three hosts in network
/// namespaces with their own avahi-daemon (no `--peer`: everyone is found over DNS-SD), asserting
/// what every screen says at every step: the JSON frames of each, and the text front-end of the
/// joiner (bob) and of the spectator (carol) as tmux shows them.
///
/// Bob waits once for all of it; alice invites him four times: he declines the first, alice withdraws
/// the second (Ctrl-C), the third expires unanswered, and he accepts the fourth: a race at speed-up 4
/// in which alice, bob and the spectator see each other's cheers, bob cancels, and alice finishes alone.
@Suite("End to end: what every screen says, host, joiner and spectator over real mDNS in network namespaces")
struct TwoLaptopScreensTests {
    /// Race time 4 times faster than real: alice's 1 km takes about 75 real seconds, time enough for the
    /// spectator to find the race, the cheers and the cancel (the lobby is real time whatever the speed-up).
    static let speedup = ["--speedup", "4"]

    // Alice cheers as soon as both boards show: often before her first hello reached bob, the case that
    // lost her cheer on bob's screen (RaceCheers now holds it until the board names her).
    @Test("invite, decline, withdrawal, expiry, accept, cheers both ways and to the spectator, cancel: every screen tells the truth")
    func everyScreenTellsTheTruth() async throws {
        guard Tmux.isInstalled else { try Test.cancel("tmux is not installed") }
        let binary = try BuildProducts.materunner()
        let folder = try RecordsEndToEndTests.temporaryDirectory("screens")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The spectator of an invited race holds the race key the runners were given (an invited race is
        // otherwise keyed by its pairing, which a spectator is not part of).
        let key = folder.appendingPathComponent("race.key")
        try Data("spectators welcome at the lake".utf8).write(to: key)
        chmod(key.path, 0o600)
        let keyed = ["--race-key-file", key.path]
        let homes = try await PairedHomes(host: "alice", joiners: ["bob"])
        let started = Date()

        let net = try await NetnsHosts.start(3)
        var panes: [Tmux] = []
        defer { for pane in panes { pane.stop() } }
        do {
            try await script(binary: binary, net: net, folder: folder, keyed: keyed, homes: homes, started: started) { panes.append($0) }
        } catch {
            await net.stop()
            Self.printLogs(in: folder)
            throw error
        }
        await net.stop()
    }

    // swiftlint:disable:next function_body_length
    private func script(
        binary: URL, net: NetnsHosts, folder: URL, keyed: [String], homes: PairedHomes, started: Date, keep: (Tmux) -> Void
    ) async throws {
        // Bob (host 2) waits for invitations on the text front-end, its frames also written as JSON.
        let bobJSON = folder.appendingPathComponent("bob.json")
        let bob = try Tmux(command: net.commandLine(on: 1, binary, [
            "run", "--name", "bob", "--join", "--frontend", "text", "--json-out", bobJSON.path, "--wait", "300",
            "--pace", "6:00", "--seed", "2", "--goal", "1",
            "--log-level", "info",
        ] + Self.speedup + keyed, environment: homes.environment("bob"), log: folder.appendingPathComponent("bob.err")), columns: 100)
        keep(bob)
        var screen = try await bob.waitForScreen("bob waiting") { $0.contains("[info] bob is waiting for an invitation: ") }
        #expect(screen.contains("s left"), "\(screen)")

        // Carol (host 3) watches over DNS-SD: before any race her screen says she waits for one.
        let carolJSON = folder.appendingPathComponent("carol.json")
        let carol = try Tmux(command: net.commandLine(on: 2, binary, [
            "watch", "--name", "carol", "--frontend", "text", "--json-out", carolJSON.path, "--wait", "300",
            "--log-level", "info",
        ] + Self.speedup + keyed, log: folder.appendingPathComponent("carol.err")), columns: 100)
        keep(carol)
        _ = try await carol.waitForScreen("carol waiting") { $0.contains("[info] carol is watching: waiting up to 300 s for a race") }

        func alice(_ extra: [String], input: Bool = false) throws -> ProcessRun.Handle {
            try net.start(on: 0, binary, ["run", "--name", "alice", "--invite", "bob", "--mode", "race", "--goal", "1",
                "--frontend", "json", "--wait", "60", "--pace", "5:00", "--seed", "1", "--log-level", "info", "--log-file", folder.appendingPathComponent("alice-\(extra.joined(separator: "-")).log").path] + Self.speedup + keyed + extra,
                environment: homes.environment("alice"), input: input)
        }

        // 1. Bob declines: the prompt gives way to "declined", and he is told he waits for another.
        let first = try alice(["--invite-timeout", "30"])
        screen = try await bob.waitForScreen("the first invitation") { $0.contains("alice invites you: race to 1.00 km (") }
        #expect(screen.contains("a: accept  d: decline"), "\(screen)")
        // The seconds to answer are real seconds: at most the 30 given, never 300 (30 × the speed-up).
        let left = try #require(Self.secondsToAnswer(screen), "\(screen)")
        #expect(left <= 30 && left >= 15, "\(screen)")
        try bob.send(keys: "d")
        screen = try await bob.waitForScreen("declined") { $0.contains("alice's invitation: declined") }
        #expect(!screen.contains("a: accept"), "\(screen)")
        screen = try await bob.waitForScreen("waiting again") { $0.contains("[info] bob is waiting for another invitation: ") }
        #expect(screen.contains("[info] you declined alice's invitation"), "\(screen)")
        let firstRun = await first.wait(timeout: 60)
        #expect(firstRun.status == 1 && firstRun.stderr.contains("bob declined: there is no run"), "\(firstRun.stderr)")
        let firstNotices = Self.notices(try firstRun.jsonLines())
        #expect(firstNotices.contains("invited bob to a 1.00 km race, waiting 30 s for answers"), "\(firstNotices)")
        #expect(firstNotices.contains("bob declined"), "\(firstNotices)")

        // 2. Alice withdraws her invitation (Ctrl-C): bob's screen says so, and `a` then answers nothing.
        let second = try alice(["--invite-timeout", "60"])
        let secondID = try await Self.invitation(in: bobJSON, after: 1, state: "open")
        _ = try await bob.waitForScreen("the second invitation") { $0.contains("alice invites you: race to 1.00 km (") }
        kill(second.process.processIdentifier, SIGINT)
        // The invitation's state and the notice are separate frames: the screen may show one a moment
        // before the other, so wait for both.
        screen = try await bob.waitForScreen("withdrawn") {
            $0.contains("alice's invitation: withdrawn by alice") && $0.contains("[warning] alice withdrew the invitation")
        }
        try bob.send(keys: "a")
        _ = try await bob.waitForScreen("nothing to accept") {
            $0.contains("[warning] nothing to accept: the invitation from alice was withdrawn")
        }
        let secondRun = await second.wait(timeout: 60)
        #expect(secondRun.status == 1 && secondRun.stderr.contains("the invitation was cancelled"), "\(secondRun.stderr)")

        // 3. The third expires unanswered after its 4 real seconds; a late `a` answers nothing.
        let third = try alice(["--invite-timeout", "4"])
        let thirdID = try await Self.invitation(in: bobJSON, after: 2, state: "open")
        #expect(thirdID != secondID)
        screen = try await bob.waitForScreen("expired") {
            $0.contains("alice's invitation: expired") && $0.contains("[warning] the invitation from alice expired: it was not answered in time")
        }
        try bob.send(keys: "a")
        _ = try await bob.waitForScreen("nothing to accept") { $0.contains("[warning] nothing to accept: the invitation from alice expired") }
        let thirdRun = await third.wait(timeout: 60)
        #expect(thirdRun.status == 1 && thirdRun.stderr.contains("bob did not answer within 4 s"), "\(thirdRun.stderr)")

        // 4. Bob accepts the fourth: accepted, the countdown, the race.
        let fourth = try alice(["--invite-timeout", "30"], input: true)
        _ = try await Self.invitation(in: bobJSON, after: 3, state: "open")
        _ = try await bob.waitForScreen("the fourth invitation") { $0.contains("alice invites you: race to 1.00 km (") }
        try bob.send(keys: "a")
        _ = try await bob.waitForScreen("accepted") { $0.contains("[info] you accepted alice's invitation: waiting for alice to start the run") }
        // The board: bob's keys are cancel and cheer; carol's only stop watching.
        screen = try await bob.waitForScreen("bob's board") { $0.contains("c: cancel  e: cheer") && $0.contains("(you)") }
        let carolScreen = try await carol.waitForScreen("carol's board") { $0.contains("q: stop watching") && $0.contains("bob") }
        #expect(!carolScreen.contains("c: cancel") && !carolScreen.contains("e: cheer"), "\(carolScreen)")

        // Cheers both ways, and the spectator sees both.
        fourth.send(#"{"type":"cheer","emoji":"👏"}"#)
        _ = try await bob.waitForScreen("alice's cheer") { $0.contains("alice cheers 👏") }
        _ = try await carol.waitForScreen("alice's cheer at carol") { $0.contains("alice cheers 👏") }
        try bob.send(keys: "e")
        let bobsCheer = await fourth.waitForJSON(type: "cheer", timeout: 30) { ($0["cheer"] as? [String: Any])?["from"] as? String == "bob" }
        #expect(bobsCheer != nil, "alice never saw bob's cheer")
        _ = try await carol.waitForScreen("bob's cheer at carol") { $0.contains("bob cheers 👏") }
        // Carol's `e` and `c` act on nobody's run: no cheer, no cancel question.
        try carol.send(keys: "e")
        try carol.send(keys: "c")
        try await Task.sleep(for: .seconds(1))
        let carolAfterKeys = try carol.screen()
        #expect(!carolAfterKeys.contains("you cheer") && !carolAfterKeys.contains("Cancel the run?"), "\(carolAfterKeys)")

        // Bob cancels (c, then y): he leaves the ranking; alice and carol are told; alice finishes alone.
        try bob.send(keys: "c")
        _ = try await bob.waitForScreen("the cancel question") { $0.contains("Cancel the run? y: yes, other key: no") }
        try bob.send(keys: "y")
        screen = try await bob.waitForScreen("bob's result") { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        // The result's message, as the text front-end writes it (a sentence: capitalised).
        #expect(screen.contains("You cancelled at "), "\(screen)")
        // The result table's rows: "  1. alice …", "   - bob …" (the rank column right-aligned).
        let bobRow = try #require(screen.split(separator: "\n").first { $0.hasPrefix("   - bob ") }, "\(screen)")
        // Out of the ranking (no rank, never "0."), its state in full.
        #expect(bobRow.range(of: " cancelled( |$)", options: .regularExpression) != nil, "\(bobRow)")
        #expect(!screen.contains("0. bob"), "\(screen)")

        let fourthRun = await fourth.wait(timeout: 120)
        #expect(fourthRun.status == 0, "\(fourthRun.stderr.suffix(2000))")
        let aliceLines = try fourthRun.jsonLines()
        #expect(Self.notices(aliceLines).contains("bob cancelled"))
        #expect(Self.notices(aliceLines).contains("invited bob to a 1.00 km race, waiting 30 s for answers"))
        // Only bob cheered alice: carol's keys sent nothing.
        let cheersAtAlice = aliceLines.filter { $0["type"] as? String == "cheer" }.compactMap { ($0["cheer"] as? [String: Any])?["from"] as? String }
        #expect(Set(cheersAtAlice) == ["bob"], "\(cheersAtAlice)")
        let aliceResult = try #require(aliceLines.last { $0["type"] as? String == "result" })
        let aliceRunners = try #require(aliceResult["runners"] as? [[String: Any]])
        #expect(aliceRunners.map { "\($0["name"] ?? "?") \($0["rank"] ?? "-") \($0["state"] ?? "?")" } == ["alice 1 finished", "bob - cancelled"])

        // The countdown: the same real start instant on both laptops, and 3 real seconds long.
        let bobLines = try Self.jsonLines(bobJSON)
        let countdowns = (Self.countdown(aliceLines), Self.countdown(bobLines))
        #expect(countdowns.0.map(\.left) == [3, 2, 1, 0] && countdowns.1.map(\.left) == [3, 2, 1, 0])
        let startsAt = (try #require(countdowns.0.first?.startsAt), try #require(countdowns.1.first?.startsAt))
        #expect(abs(startsAt.0.timeIntervalSince(startsAt.1)) < 1, "alice's start \(startsAt.0), bob's \(startsAt.1)")
        #expect(startsAt.0 > started && startsAt.0 < Date(), "the start \(startsAt.0) is not a real instant of this test")
        // Discovery says bob is running from the countdown on (carol, watching the network, sees it at
        // least a second before the start), not `free` until his first fix.
        let carolLog = (try? String(contentsOf: folder.appendingPathComponent("carol.err"), encoding: .utf8)) ?? ""
        let bobRunning = carolLog.split(separator: "\n").first { $0.hasSuffix("mate bob is now running") }
        let seenAt = try #require(bobRunning.flatMap { try? Date(String($0.prefix(19)) + "Z", strategy: .iso8601) }, "\(carolLog)")
        #expect(seenAt.addingTimeInterval(1) <= startsAt.0, "carol saw bob running at \(seenAt), the start is \(startsAt.0)")
        if let first = countdowns.1.first?.time, let last = countdowns.1.last?.time {
            #expect(last.timeIntervalSince(first) > 2.5, "bob's countdown lasted \(last.timeIntervalSince(first)) s")
        }
        // Bob's JSON frames: every invitation state in order, and his stream ends with the result.
        let states = Self.invitationStates(bobLines)
        #expect(states == ["open", "declined", "open", "withdrawn", "open", "expired", "open", "accepted", "starting"], "\(states)")
        let bobResult = try #require(bobLines.last)
        #expect(bobResult["type"] as? String == "result" && (bobResult["message"] as? String)?.hasPrefix("you cancelled at ") == true, "\(bobResult)")

        // Carol saw the same ranking, both cheers, and only ever offered `stop`.
        _ = try await carol.waitForScreen("carol's end") { $0.contains("EXIT=") }
        let carolLines = try Self.jsonLines(carolJSON)
        let carolResult = try #require(carolLines.last { $0["type"] as? String == "result" })
        let carolRunners = try #require(carolResult["runners"] as? [[String: Any]])
        #expect(carolRunners.map { "\($0["name"] ?? "?") \($0["rank"] ?? "-") \($0["state"] ?? "?")" } == ["alice 1 finished", "bob - cancelled"])
        let carolCheers = Set(carolLines.filter { $0["type"] as? String == "cheer" }.compactMap { ($0["cheer"] as? [String: Any])?["from"] as? String })
        #expect(carolCheers == ["alice", "bob"], "\(carolCheers)")
        let carolInputs = Set(carolLines.filter { $0["type"] as? String == "status" }.compactMap { $0["inputs"] as? [String] })
        #expect(carolInputs == [["stop"]], "\(carolInputs)")

        // The records are dated by the real start: newest first stays true.
        let records = try await RecordsEndToEndTests.records(homes.dataHome("alice").appendingPathComponent("materunner"))
        let record = try #require(records.first)
        let recordStart = try #require((record["started_at"] as? String).flatMap { try? Date($0, strategy: .iso8601) }, "\(record)")
        // (ISO-8601 to the second: the record may read up to a second before the test's own start.)
        #expect(recordStart > started.addingTimeInterval(-1) && recordStart < Date(), "record dated \(recordStart)")
    }

    /// What each program logged, for a failure's report.
    static func printLogs(in folder: URL) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".err") || $0.hasSuffix(".log") }
        for name in names.sorted() {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            print("--- \(name) (last 30 lines)\n" + text.split(separator: "\n").suffix(30).joined(separator: "\n"))
        }
    }

    // MARK: Reading the screens

    /// `N` of the first "(N s to answer)" on the screen.
    static func secondsToAnswer(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"\(([0-9]+) s to answer\)"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst().prefix { $0.isNumber })
    }

    static func jsonLines(_ file: URL) throws -> [[String: Any]] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func notices(_ lines: [[String: Any]]) -> [String] {
        lines.filter { $0["type"] as? String == "notice" }.compactMap { $0["message"] as? String }
    }

    /// Each invitation's states in order, changes only (the time left is said again every second).
    static func invitationStates(_ lines: [[String: Any]]) -> [String] {
        var states: [String] = []
        var last: String?
        for line in lines where line["type"] as? String == "invitation" {
            guard let invitation = line["invitation"] as? [String: Any], let id = invitation["id"] as? String else { continue }
            let state = invitation["state"] as? String ?? "open"
            if last != "\(id)=\(state)" { states.append(state) }
            last = "\(id)=\(state)"
        }
        return states
    }

    /// The id of the invitation bob's JSON shows after `after` earlier ones, once it is in `state`.
    static func invitation(in file: URL, after: Int, state: String) async throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let ids = try jsonLines(file).compactMap { line -> (String, String)? in
                guard let invitation = line["invitation"] as? [String: Any], let id = invitation["id"] as? String else { return nil }
                return (id, invitation["state"] as? String ?? "open")
            }
            var distinct: [String] = []
            for (id, _) in ids where !distinct.contains(id) { distinct.append(id) }
            if distinct.count > after, ids.contains(where: { $0.0 == distinct[after] && $0.1 == state }) { return distinct[after] }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("no invitation #\(after + 1) in state \(state) in \(file.lastPathComponent)")
    }

    struct Countdown {
        let left: Int
        let startsAt: Date?
        let time: Date?
    }

    static func countdown(_ lines: [[String: Any]]) -> [Countdown] {
        lines.filter { $0["type"] as? String == "countdown" }.compactMap { line in
            guard let countdown = line["countdown"] as? [String: Any], let left = countdown["seconds_left"] as? Int else { return nil }
            return Countdown(
                left: left, startsAt: (countdown["starts_at"] as? String).flatMap(date), time: (line["time"] as? String).flatMap(date)
            )
        }
    }

    static func date(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
