import Foundation
import MateRunnerTesting
import Testing

/// The web front-end in a real headless browser (Debian's chromium, driven by chromium-driver and
/// selenium from Tests/Browser/webpage.py) against real `materunner` processes on loopback. Each
/// scenario is one test; the script prints what it checked and fails on the first thing not shown.
@Suite("End to end: the web front-end in a browser", .serialized)
struct WebBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Browser/webpage.py")

    private func scenario(_ name: String, timeout: TimeInterval = 300, extra: [String] = []) async throws {
        let binary = try BuildProducts.materunner()
        _ = try BuildProducts.frontEndLibrary("WebFrontEnd")
        // Debian's python3, which has Debian's selenium (python3-selenium); a python3 earlier on PATH may not.
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let run = try await ProcessRun.run(python, [Self.script.path, "--build-dir", binary.deletingLastPathComponent().path] + extra + [name],
                                           timeout: timeout)
        #expect(!run.timedOut, "the \(name) scenario did not end in \(Int(timeout)) s: \(run.stdout)\n\(run.stderr)")
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("ok:"), "\(run.stdout)")
    }

    @Test("a demo: the board shows both runners and updates live; spectators have no controls and forged control requests get 403; the runner's page offers what the demo takes (cancel, no cheer) and cancels after a confirmation; the result stays after the end")
    func demo() async throws {
        try await scenario("demo")
    }

    @Test("the server drops the stream (killed, not ended): the page says so and reconnects by itself, without a reload")
    func reconnect() async throws {
        try await scenario("reconnect")
    }

    @Test("an invitation shown with its code on the joiner's page, accepted there, starts the race; a cheer clicked there reaches the host's JSON stream")
    func invitation() async throws {
        try await scenario("invite")
    }

    @Test("watch --frontend web is read-only: no control address, every control request 403")
    func watch() async throws {
        try await scenario("watch")
    }

    @Test("a race on a course: the map with every runner on a 360-px phone and a TV, moving as frames come")
    func course() async throws {
        try await scenario("course")
    }

    @Test("racing one's own ghost on a course, alone: the ghost marked on the board, the map and the result; no open-race warning; the result kept after the end")
    func ghost() async throws {
        try await scenario("ghost")
    }

    @Test("a receiver's fixes dropped by the accuracy limit: the page says why, as the status frames do")
    func droppedFixes() async throws {
        try await scenario("gps")
    }

    @Test("200 idle event streams: the control page still loads and cancels, and the process exits 0")
    func load() async throws {
        try await scenario("load")
    }
}
