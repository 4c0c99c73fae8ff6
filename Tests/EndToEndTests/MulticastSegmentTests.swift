import Foundation
import MateRunnerTesting
import Testing

/// Multicast on a real segment (scripts/netns-segment-packets): four `materunner run` processes, each in
/// its own network namespace on one bridge, race with every datagram for everyone sent once to the race's
/// group; and again with one of them deaf to multicast (nftables drops the group in its namespace), which
/// must still race on unicast to the same result. Root only (skipped without network namespaces).
@Suite("End to end: multicast on a network-namespace segment", .serialized)
struct MulticastSegmentTests {
    /// Runs the script for 4 runners with `environment`; returns its output folder and table row.
    static func race(_ environment: [String: String]) async throws -> (folder: URL, row: String) {
        let binary = try BuildProducts.materunner()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/netns-segment-packets")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-segment-\(UUID().uuidString)")
        var env = ProcessInfo.processInfo.environment
        env.merge(environment.merging(["OUT": folder.path, "LOG_LEVEL": "info"]) { $1 }) { $1 }
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [script.path, binary.path, "4", "3"], timeout: 300, environment: env
        )
        if run.status == 77 { try Test.cancel("skipped: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))") }
        #expect(!run.timedOut)
        #expect(run.status == 0, "exit \(run.status): \(run.stderr.suffix(2000))")
        return (folder, run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runner `index`'s log.
    static func log(_ folder: URL, _ index: Int) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("r\(index)/err"), encoding: .utf8)) ?? ""
    }

    /// The datagrams runner `index` received on the group, from its summary line ("received N on it").
    static func receivedOnGroup(_ folder: URL, _ index: Int) -> Int? {
        let line = log(folder, index).split(separator: "\n").first { $0.contains("multicast: group 239.255.") }
        guard let line, let range = line.range(of: "received ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("every runner joins the race's group on its segment, hears its mates there, and all end with one ranking")
    func multicastRace() async throws {
        let (folder, row) = try await Self.race([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(row.hasSuffix("| yes |"), "\(row)")
        for index in 1...4 {
            let received = Self.receivedOnGroup(folder, index)
            #expect((received ?? 0) > 50, "r\(index): \(Self.log(folder, index).suffix(1500))")
            #expect(!Self.log(folder, index).contains("replayed"))
        }
    }

    @Test("a runner deaf to multicast still races on unicast, to the same ranking as everyone")
    func deafRunner() async throws {
        let (folder, row) = try await Self.race(["DEAF": "2"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(row.hasSuffix("| yes |"), "\(row)")
        #expect(Self.receivedOnGroup(folder, 2) == 0, "r2 hears nothing on the group: \(Self.log(folder, 2).suffix(1500))")
        for index in [1, 3, 4] {
            #expect((Self.receivedOnGroup(folder, index) ?? 0) > 50, "r\(index): \(Self.log(folder, index).suffix(1500))")
        }
    }
}
