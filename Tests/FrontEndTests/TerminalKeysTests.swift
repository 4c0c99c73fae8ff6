import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Synchronization
import Testing

/// The shipped front-ends on a real pseudo-terminal: keys typed on it become input events at the
/// host, and what they draw is redrawn in place.
@Suite("Front-ends on a pseudo-terminal: keys and redrawing", .serialized)
struct TerminalKeysTests {
    /// Every input event the host received, in order.
    final class Inputs: Sendable {
        let events = Mutex<[FrontEndInputEvent]>([])
        init(_ host: FrontEndHost) {
            Task { [self] in for await event in host.inputs { events.withLock { $0.append(event) } } }
        }
        var value: [FrontEndInputEvent] { events.withLock { $0 } }
    }

    func load(_ name: String, on terminal: PseudoTerminal) throws -> (FrontEndHost, Inputs) {
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load(name, options: FrontEndOptions(
            outputFD: terminal.terminal, isTerminal: true, color: false, columns: 40, inputFD: terminal.terminal
        ))
        return (host, Inputs(host))
    }

    @Test("text: a to accept the invitation, e to cheer, c then n keeps running, c then y cancels")
    func textKeys() async throws {
        let terminal = try PseudoTerminal(columns: 40)
        defer { terminal.close() }
        let (host, inputs) = try load("text", on: terminal)

        host.deliver(SampleFrames.invitation)
        try await terminal.waitFor("the invitation prompt") { terminal.output.contains("a: accept  d: decline") }
        terminal.type("a")
        try await terminal.waitFor("the accept event") { inputs.value.count == 1 }
        // What came of the answer is the host's to say: the invitation's next frame.
        host.deliver(SampleFrames.invitation(.accepted))
        try await terminal.waitFor("accepted") { terminal.output.contains("bob's invitation: accepted") }
        host.deliver(SampleFrames.countdown(3))
        host.deliver(SampleFrames.status)
        host.deliver(SampleFrames.cheer)
        try await terminal.waitFor("the running keys") { terminal.output.contains("c: cancel  e: cheer") }
        terminal.type("e")
        try await terminal.waitFor("the cheer event") { inputs.value.count == 2 }
        terminal.type("c")
        try await terminal.waitFor("the confirmation") { terminal.output.contains("Cancel the run? y: yes, other key: no") }
        terminal.type("ncy")
        try await terminal.waitFor("the cancel event") { inputs.value.count == 3 }
        host.deliver(SampleFrames.result)
        host.shutdown()
        try await terminal.waitFor("the result table") { terminal.output.contains("Winner: alice") }

        #expect(inputs.value == [
            FrontEndInputEvent(type: .accept, invitation: "inv-7"),
            FrontEndInputEvent(type: .cheer, emoji: "👏"),
            FrontEndInputEvent(type: .cancel),
        ])
        let output = terminal.output
        for expected in [
            "bob invites you: race to 1.00 km (10 s", "bob's invitation: accepted", "Starting in 3...",
            "bob cheers you 👏", "you cheer 👏", "Result: race to 1.00 km", "Winner: alice",
        ] {
            #expect(output.contains(expected), "missing \(expected)")
        }
        // Redrawn in place: the cursor goes back up over the block instead of scrolling.
        #expect(output.contains("\u{1B}[2K"))
        #expect(output.range(of: "\u{1B}\\[[0-9]+F", options: .regularExpression) != nil)
    }

    @Test("text: a notice longer than the terminal is wrapped at 80 columns, every word on screen")
    func longNoticeWraps() async throws {
        let terminal = try PseudoTerminal(columns: 80)
        defer { terminal.close() }
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        try host.load("text", options: FrontEndOptions(
            outputFD: terminal.terminal, isTerminal: true, color: false, columns: 80, inputFD: terminal.terminal
        ))
        let message = "not paired with any runner of this race: on a runner's device run `materunner mates add NAME "
            + "mr1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHHIIIIJJJJKKKKLLLLMMMMNNNNOOOOPPPPQQQQRRRRSSSSTTTT` with this device's "
            + "identity, and here `materunner mates add RUNNER mr1:…` with that runner's; then watch again"
        host.deliver(FrontEndFrame(type: .notice, time: "2027-01-15T08:00:00.000Z", level: "warning", message: message))
        host.deliver(SampleFrames.status)
        try await terminal.waitFor("the board below the notice") { terminal.output.contains("c: cancel") }
        host.shutdown()
        let screen = terminal.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        // Every word of the notice, in order, split only at spaces (the identity, longer than a line, at the edge).
        let shown = lines.drop { !$0.hasPrefix("[warning]") }.prefix { !$0.hasPrefix("MateRunner") }
        #expect(shown.count > 1, "\(lines)")
        let words = shown.flatMap { $0.split(separator: " ").map(String.init) }
        // Nothing lost or reordered: the shown lines hold the whole notice, spaces aside.
        #expect(shown.joined().filter { $0 != " " }.contains(message.filter { $0 != " " }), "\(shown)")
        for word in message.split(separator: " ") where word.count < 70 {
            #expect(words.contains(String(word)), "missing \(word) in \(shown)")
        }
    }

    @Test("text: keys that do not apply send nothing (accept without invitation, cheer before the run)")
    func textIgnoredKeys() async throws {
        let terminal = try PseudoTerminal(columns: 40)
        defer { terminal.close() }
        let (host, inputs) = try load("text", on: terminal)
        host.deliver(SampleFrames.countdown(2))
        terminal.type("ade")
        // The confirmation only shows once the keys before it were read: they were read and ignored.
        terminal.type("c")
        try await terminal.waitFor("the confirmation") { terminal.output.contains("Cancel the run?") }
        host.shutdown()
        #expect(inputs.value.isEmpty)
    }

    @Test("text: an invitation no longer open offers no answer keys; a spectator's screen offers q alone, and e and c do nothing")
    func textClosedInvitationAndSpectator() async throws {
        let terminal = try PseudoTerminal(columns: 60)
        defer { terminal.close() }
        let (host, inputs) = try load("text", on: terminal)
        host.deliver(SampleFrames.invitation)
        try await terminal.waitFor("the prompt") { terminal.output.contains("a: accept  d: decline") }
        host.deliver(SampleFrames.invitation(.expired))
        try await terminal.waitFor("expired") { terminal.output.contains("bob's invitation: expired (not answered in time)") }
        // A key pressed anyway goes to the host, which says why nothing was answered.
        terminal.type("a")
        try await terminal.waitFor("the late accept") { inputs.value.count == 1 }

        host.deliver(SampleFrames.spectatorStatus)
        try await terminal.waitFor("the spectator's keys") { terminal.output.contains("q: stop watching") }
        terminal.type("ec")
        terminal.type("q")
        try await terminal.waitFor("the stop") { inputs.value.count == 2 }
        host.shutdown()
        #expect(inputs.value == [FrontEndInputEvent(type: .accept, invitation: "inv-7"), FrontEndInputEvent(type: .stop)])
        let output = terminal.output
        #expect(!output.contains("Cancel the run?") && !output.contains("you cheer") && !output.contains("e: cheer"))
    }

    @Test("clock: y, n, t and q send previous day, now, next day and stop")
    func clockKeys() async throws {
        let terminal = try PseudoTerminal(columns: 60)
        defer { terminal.close() }
        let (host, inputs) = try load("clock", on: terminal)
        host.deliver(SampleFrames.clock)
        try await terminal.waitFor("the key help") { terminal.output.contains("y: previous day  n: now  t: next day") }
        terminal.type("yntxq")
        try await terminal.waitFor("four events") { inputs.value.count == 4 }
        host.shutdown()
        #expect(inputs.value.map(\.type) == [.previousDay, .now, .nextDay, .stop])
        #expect(terminal.output.contains("Asia/Seoul    2027-01-14 Thu  17:00:00  UTC+09:00"))
    }
}
