import Application
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// `peers` on an in-memory discovery and the manual clock: the list after N seconds of the clock, the
/// watch until an interrupt, the lines exactly as the command prints them, and a discovery that cannot
/// start. Nothing waits on the wall clock: the tests wait (yielding) until the flow has taken every event.
@Suite("PeersFlow")
struct PeersFlowTests {
    let discovery = InMemoryMateDiscovery()
    let clock = ManualRaceClock()
    let output = CapturedLines()

    var flow: PeersFlow {
        PeersFlow(dependency: .init(discovery: discovery, clock: clock, output: LineOutput(output.append), logger: RecordFixtures.quiet))
    }

    static let alice = DiscoveredRunner(
        instance: "alice-00000a", runnerID: RunnerID(rawValue: 0xA), name: "alice", hostName: "a.local.",
        address: PeerAddress(host: "10.250.0.1", port: 47474), state: .free, version: 2
    )
    static let bob = DiscoveredRunner(
        instance: "bob", runnerID: RunnerID(rawValue: 0xBB), name: "bob", hostName: "b.local.",
        address: PeerAddress(host: "10.250.0.2", port: 47475), state: nil
    )
    static let carol = DiscoveredRunner(
        instance: "carol", runnerID: nil, name: "carol", hostName: "c.local.", address: PeerAddress(host: "10.250.0.3", port: 47478), state: .free
    )
    static var aliceRunning: DiscoveredRunner {
        var alice = alice
        alice.state = .running
        alice.raceID = "r1"
        return alice
    }

    /// Emits `events` once the flow browses and sleeps on the clock, and waits until it took them all.
    func play(_ events: [MateEvent]) async throws {
        await clock.awaitSleepers(1)
        try await waitUntil("the flow browses") { discovery.browserCount == 1 }
        events.forEach(discovery.emit)
        try await waitUntil("the flow took \(events.count) events") { discovery.deliveredCount == events.count }
    }

    @Test("--seconds: 0.1 to 3600, anything else refused naming the option")
    func secondsRange() {
        for seconds in [0.1, 3, 3600] { #expect((try? PeersFlow.check(seconds: seconds)) != nil, "\(seconds)") }
        for seconds in [0.09, -3, 3601, .nan, .infinity] {
            #expect(throws: RunOptionsError("--seconds must be between 0.1 and 3600")) { try PeersFlow.check(seconds: seconds) }
        }
    }

    @Test("list: the runners present once the clock has run the seconds, by name, as JSON lines")
    func listJSON() async throws {
        let listing = Task { [flow] in try await flow.list(after: 3, json: true) }
        try await play([.found(Self.carol), .found(Self.bob), .found(Self.alice), .updated(Self.aliceRunning), .lost(instance: "carol")])
        clock.advance(by: 2.9)
        for _ in 0..<1_000 { await Task.yield() }
        #expect(output.lines.isEmpty, "listed before 3 s of the clock")
        clock.advance(by: 0.1)
        try await listing.value
        #expect(output.lines == [
            #"{"address":"10.250.0.1","host":"a.local.","id":"000000000000000a","instance":"alice-00000a","name":"alice","port":47474,"race":"r1","state":"running","version":2}"#,
            #"{"address":"10.250.0.2","host":"b.local.","id":"00000000000000bb","instance":"bob","name":"bob","port":47475}"#,
        ])
        #expect(discovery.stopCount == 1)
    }

    @Test("list as text: name, address:port, state (? when unknown) and race, instance")
    func listText() async throws {
        let listing = Task { [flow] in try await flow.list(after: 3, json: false) }
        try await play([.found(Self.bob), .found(Self.aliceRunning)])
        clock.advance(by: 3)
        try await listing.value
        #expect(output.lines == ["alice\t10.250.0.1:47474\trunning race r1\t(alice-00000a)", "bob\t10.250.0.2:47475\t?\t(bob)"])
    }

    @Test("list with nobody found: says so as text; as JSON an empty list (the warning goes to the log); discovery stopped")
    func listNobody() async throws {
        let listing = Task { [flow] in try await flow.list(after: 0.5, json: false) }
        await clock.awaitSleepers(1)
        clock.advance(by: 0.5)
        try await listing.value
        #expect(output.lines == [
            "no mates found in 0.5 s: start materunner run on a mate's machine on this network (avahi-daemon running), or look longer with --seconds",
        ])
        #expect(discovery.stopCount == 1)

        let json = CapturedLines()
        let listingJSON = Task { [discovery, clock] in
            try await PeersFlow(dependency: .init(discovery: discovery, clock: clock, output: LineOutput(json.append), logger: RecordFixtures.quiet))
                .list(after: 3, json: true)
        }
        await clock.awaitSleepers(1)
        clock.advance(by: 3)
        try await listingJSON.value
        #expect(json.lines.isEmpty)
    }

    @Test("watch: every change as it happens, + ~ -, until the interrupt")
    func watchText() async throws {
        let (interrupts, interrupt) = AsyncStream.makeStream(of: Void.self)
        let watching = Task { [flow] in try await flow.watch(json: false, until: interrupts) }
        try await waitUntil("the flow browses") { discovery.browserCount == 1 }
        [MateEvent.found(Self.alice), .updated(Self.aliceRunning), .found(Self.carol), .lost(instance: "carol")].forEach(discovery.emit)
        try await waitUntil("four lines") { output.lines.count == 4 }
        interrupt.yield()
        try await watching.value
        #expect(output.lines == [
            "+ alice\t10.250.0.1:47474\tfree\t(alice-00000a)", "~ alice\t10.250.0.1:47474\trunning race r1\t(alice-00000a)",
            "+ carol\t10.250.0.3:47478\tfree\t(carol)", "- carol",
        ])
        #expect(discovery.stopCount == 1)
    }

    @Test("watch --json: the event first among the sorted keys; a departure names only the instance")
    func watchJSON() async throws {
        let (interrupts, interrupt) = AsyncStream.makeStream(of: Void.self)
        let watching = Task { [flow] in try await flow.watch(json: true, until: interrupts) }
        try await waitUntil("the flow browses") { discovery.browserCount == 1 }
        [MateEvent.found(Self.bob), .lost(instance: "bob")].forEach(discovery.emit)
        try await waitUntil("two lines") { output.lines.count == 2 }
        interrupt.yield()
        try await watching.value
        #expect(output.lines == [
            #"{"address":"10.250.0.2","event":"appeared","host":"b.local.","id":"00000000000000bb","instance":"bob","name":"bob","port":47475}"#,
            #"{"event":"disappeared","instance":"bob"}"#,
        ])
    }

    @Test("watch ends by itself when discovery ends")
    func watchEndsWithDiscovery() async throws {
        let (interrupts, _) = AsyncStream.makeStream(of: Void.self)
        let watching = Task { [flow] in try await flow.watch(json: false, until: interrupts) }
        try await waitUntil("the flow browses") { discovery.browserCount == 1 }
        discovery.finishBrowsing()
        try await watching.value
        #expect(output.lines.isEmpty)
    }

    @Test("discovery that cannot start (no daemon) is a service unavailable with its message (no --peer: peers has none), for list and watch")
    func unavailable() async throws {
        let message = "avahi-daemon is not running: start it"
        discovery.failBrowsing(message)
        await #expect(throws: FlowError(.unavailable, message)) { try await flow.list(after: 3, json: false) }
        let (interrupts, _) = AsyncStream.makeStream(of: Void.self)
        await #expect(throws: FlowError(.unavailable, message)) { try await flow.watch(json: true, until: interrupts) }
        #expect(output.lines.isEmpty && clock.sleeperCount == 0 && discovery.stopCount == 2)
    }
}
