import Application
@testable import Composition
import Domain
import Synchronization
import Testing

/// How a command ends: its own status, or its error's line on standard error and the error's status.
@Suite("Composition: a command's ending")
struct CommandRunTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var output: LineOutput { LineOutput { line in self.lines.withLock { $0.append(line) } } }
        var all: [String] { lines.withLock { $0 } }
    }

    struct Unclassified: Error, CustomStringConvertible {
        var description: String { "something odd" }
    }

    @Test("the work's status passes through, and nothing is written")
    func status() async {
        let lines = Lines()
        #expect(await CommandRun.status(errors: lines.output) { 1 } == 1)
        #expect(await CommandRun.status(errors: lines.output) { 0 } == 0)
        #expect(lines.all.isEmpty)
    }

    @Test("an error: one line, materunner: error: …, and its class's status; one of no known class is 70")
    func errors() async {
        let lines = Lines()
        let unavailable = await CommandRun.status(errors: lines.output) {
            throw FlowError(.unavailable, "avahi-daemon is not running")
        }
        #expect(unavailable == 69)
        #expect(await CommandRun.status(errors: lines.output) { throw Unclassified() } == 70)
        #expect(lines.all == ["materunner: error: avahi-daemon is not running", "materunner: error: something odd"])
    }
}
