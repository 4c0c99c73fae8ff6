import Foundation
import MateRunnerTesting
import Testing

/// Discovery against real Avahi, two hosts in network namespaces (scripts/netns-mdns-peers.sh): our
/// registration as avahi-browse sees it, a runner faked with avahi-publish as `peers` sees it, TXT
/// updates, and mates disappearing when they exit (at once) or when their host vanishes (after 120 s).
@Suite("End to end: DNS-SD interop with real avahi in network namespaces")
struct MDNSPeersTests {
    @Test("avahi-browse sees our TXT; peers sees avahi-publish; updates and departures show in peers --watch")
    func interop() async throws {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-mdns-peers.sh")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-peers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        // (It failed about one run in seven until the script waited for both alices' goodbyes rather than
        // for the first: they may reach the watcher a moment apart. A failure's timings.txt names its step.)
        let run = try await ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, output.path], timeout: 400)
        if run.status == 77 {
            try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        func file(_ name: String) -> String {
            (try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        #expect(!run.timedOut)
        // On failure, everything the script's steps said: which step set its status is in these files.
        #expect(run.status == 0, """
            script exit \(run.status): \(run.stderr)
            timings: \(file("timings.txt"))
            watch: \(file("watch.json"))
            peers-list.err: \(file("peers-list.err"))
            alice.err (A): \(file("alice.err").suffix(1500))
            alice-b.err (B): \(file("alice-b.err").suffix(1500))
            """)

        // avahi-browse in B resolved alice (registered by `materunner run` in A) with our TXT record.
        let browsed = try #require(file("browse.txt").split(separator: "\n").first { $0.hasPrefix("=;") && $0.contains(";IPv4;alice-") })
        #expect(browsed.contains(";10.250.0.1;47474;"))
        // Her terms too (--goal 0.3 --speedup 20, a race with one mate), for `peers`.
        for entry in ["\"v=2\"", "\"state=free\"", "\"name=alice\"", "\"id=", "\"mode=race\"", "\"goal=30000\"", "\"speedup=20.0\""] {
            #expect(browsed.contains(entry), "\(browsed)")
        }

        // `peers --seconds 3 --json` in B lists alice.
        let listed = try jsonLines(file("peers-list.json"))
        #expect(listed.contains { $0["name"] as? String == "alice" && $0["address"] as? String == "10.250.0.1" && $0["state"] as? String == "free" })
        #expect(listed.contains { $0["name"] as? String == "alice" && $0["mode"] as? String == "race" && $0["goal"] as? String == "0.30 km" })

        // `peers --watch --json` in B: bob (avahi-publish in A) came and went; alice went from free to
        // running with a race id when a second runner called alice (in B) joined: both registered,
        // as two instances; both left when the race ended.
        let watched = try jsonLines(file("watch.json"))
        func has(_ event: String, _ test: ([String: Any]) -> Bool) -> Bool {
            watched.contains { $0["event"] as? String == event && test($0) }
        }
        #expect(has("appeared") { $0["name"] as? String == "bob" && $0["id"] as? String == "00000000000000bb" && $0["port"] as? Int == 47475 })
        #expect(has("disappeared") { $0["instance"] as? String == "bob" })
        #expect(has("updated") { $0["name"] as? String == "alice" && $0["state"] as? String == "running" && $0["race"] != nil })
        // Both alices race together: they advertise one and the same race id.
        let raceIDs = Set(watched.compactMap { $0["state"] as? String == "running" && $0["name"] as? String == "alice" ? $0["race"] as? String : nil })
        #expect(raceIDs.count == 1, "\(raceIDs)")
        let aliceLines = file("watch.json").split(separator: "\n").filter { $0.contains("alice") }.joined(separator: "\n")
        #expect(has("appeared") { $0["name"] as? String == "alice" && $0["address"] as? String == "10.250.0.2" }, """
            the second alice (in B) as the watcher in B saw it: \(aliceLines)
            timings: \(file("timings.txt"))
            watch.err: \(file("watch.err").suffix(1500))
            """)
        // Avahi announces it on B's loopback interface too, at 127.0.0.1: listed at its network address.
        #expect(!has("appeared") { $0["address"] as? String == "127.0.0.1" }, "\(aliceLines)")
        // carol's host vanished without a goodbye: lost once her address expired (the script waits up to
        // 150 s for the documented 120 s TTL).
        #expect(has("disappeared") { $0["instance"] as? String == "carol" })
        #expect(!file("timings.txt").contains("not seen"), "\(file("timings.txt"))")
        let alices = Set(watched.compactMap { $0["name"] as? String == "alice" ? $0["instance"] as? String : nil })
        #expect(alices.count == 2, "\(alices)")
        let gone = Set(watched.compactMap { $0["event"] as? String == "disappeared" ? $0["instance"] as? String : nil })
        #expect(alices.isSubset(of: gone))
    }

    private func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw NotJSON(line: String(line))
            }
            return object
        }
    }
}
