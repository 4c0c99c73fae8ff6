@testable import Data
import Foundation
import Testing

/// How a browse turns the daemon's answers (service announced, resolved, address and TXT answers)
/// into found / updated / lost, driven here by calling its callbacks' entry points on the loop thread.
@Suite("DNS-SD browse: when a mate is found")
struct DNSSDBrowseOperationTests {
    /// A browse and the events it yielded, with its callbacks run on the loop thread as the daemon's would.
    final class Harness: @unchecked Sendable {
        let loop = DNSSDServiceLoop()
        let stream: AsyncStream<DiscoveryEvent>
        let browse: BrowseOperation
        /// The TXT each instance was resolved with: the address query carries it, as in `resolved`.
        private var resolvedText: [String: [String: String]] = [:]
        private var iterator: AsyncStream<DiscoveryEvent>.Iterator

        init() {
            let (stream, continuation) = AsyncStream<DiscoveryEvent>.makeStream()
            self.stream = stream
            iterator = stream.makeAsyncIterator()
            browse = BrowseOperation(loop: loop, continuation: continuation)
        }

        func onLoop(_ work: @escaping (BrowseOperation) -> Void) {
            let browse = browse
            _ = loop.sync(timeout: 5) { work(browse) }
        }

        /// The events yielded so far (the browse yields synchronously, so all are buffered).
        func drain() async -> [DiscoveryEvent] {
            browse.continuation.finish()
            var all: [DiscoveryEvent] = []
            while let event = await iterator.next() { all.append(event) }
            return all
        }

        func announce(_ name: String, txt: [String: String]) {
            resolvedText[name] = txt
            onLoop { browse in
                browse.serviceAppeared(name: name, type: "_materunner._udp.", domain: "local.", interfaceIndex: 2)
                browse.resolved(
                    instanceName: name, fullName: "\(name)._materunner._udp.local.", hostName: "mr-b.local.",
                    port: 47477, txt: txt, interfaceIndex: 2
                )
            }
        }

        func address(_ address: String?, _ name: String) {
            let pending = DiscoveredMate(instanceName: name, hostName: "mr-b.local.", address: "", port: 47477, txt: resolvedText[name] ?? [:])
            onLoop { browse in
                browse.address(address, for: pending)
            }
        }

        deinit { loop.stop() }
    }

    private let advertised = ["v": "2", "id": "17c19fcc45623dd8", "name": "alice", "state": "free"]

    @Test("a resolve with the TXT record: found at its first address, with its name")
    func resolvedWithText() async {
        let harness = Harness()
        harness.announce("alice-17c19f", txt: advertised)
        harness.address("10.250.0.2", "alice-17c19f")
        harness.address("10.250.0.9", "alice-17c19f")
        let events = await harness.drain()
        #expect(events.count == 1)
        guard case .found(let mate)? = events.first else { Issue.record("\(events)"); return }
        #expect(mate.address == "10.250.0.2" && mate.runnerName == "alice" && mate.port == 47477)
    }

    @Test("a resolve with an empty TXT record (caught while the mate replaced it): found only when its TXT answers, named")
    func resolvedWithoutText() async {
        let harness = Harness()
        harness.announce("alice-17c19f", txt: [:])
        harness.address("10.250.0.2", "alice-17c19f")
        harness.onLoop { $0.text(["v": "2", "id": "17c19fcc45623dd8", "name": "alice", "state": "running", "race": "17c19fcc45623dd8"], for: "alice-17c19f") }
        harness.onLoop { $0.text(["v": "2", "id": "17c19fcc45623dd8", "name": "alice", "state": "free"], for: "alice-17c19f") }
        let events = await harness.drain()
        #expect(events.count == 2, "\(events)")
        guard case .found(let mate)? = events.first else { Issue.record("\(events)"); return }
        #expect(mate.address == "10.250.0.2" && mate.runnerName == "alice" && mate.txt["state"] == "running")
        guard case .updated(let updated)? = events.last else { Issue.record("\(events)"); return }
        #expect(updated.txt["state"] == "free")
    }

    @Test("the TXT answer before the address: found at the address; a service whose TXT is truly empty is still found")
    func textFirst() async {
        let harness = Harness()
        harness.announce("printer", txt: [:])
        harness.onLoop { $0.text([:], for: "printer") }
        harness.address("10.250.0.3", "printer")
        let events = await harness.drain()
        guard events.count == 1, case .found(let mate) = events[0] else { Issue.record("\(events)"); return }
        #expect(mate.address == "10.250.0.3" && mate.runnerName == "printer")
    }

    @Test("gone before it was complete: never found, so never lost; gone after: lost once")
    func goneEarly() async {
        let harness = Harness()
        harness.announce("bob", txt: [:])
        harness.address("10.250.0.4", "bob")
        harness.onLoop { $0.serviceRemoved(name: "bob") }
        harness.onLoop { $0.text(["name": "bob"], for: "bob") }
        harness.announce("carol", txt: ["name": "carol"])
        harness.address("10.250.0.5", "carol")
        harness.address(nil, "carol")
        let events = await harness.drain()
        #expect(events.count == 2, "\(events)")
        #expect(events.first.map { if case .found(let mate) = $0 { mate.runnerName == "carol" } else { false } } == true)
        #expect(events.last == .lost(instanceName: "carol"))
    }
}
