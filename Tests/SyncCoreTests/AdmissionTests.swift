import Domain
import SyncWire
import Testing

@testable import SyncCore

/// Admission (`Admission`), alone: an address learned, challenged within its credit and validated by its
/// echo; a runner introduced, bound once its hello's address is validated, moved only by a restart from
/// the same host; an evicted runner forgotten by every part of it at once.
@Suite("Admission")
struct AdmissionTests {
    static let (bob, carol) = (RunnerID(rawValue: 0xB0), RunnerID(rawValue: 0xC0))
    static let home = PeerAddress(host: "10.0.0.2", port: 47474)
    static let newPort = PeerAddress(host: "10.0.0.2", port: 50000)
    static let stranger = PeerAddress(host: "10.0.0.9", port: 47474)
    static let challengeLength = 25

    /// An admission that heard a 30-byte hello from bob at `home` and validated that address.
    static func boundBob(now: UInt64 = 1_000_000) throws -> Admission {
        var admission = Admission(capacity: 4, cookies: SplitMix64(seed: 42))
        #expect(admission.refusal(bob, number: 1, from: home, restart: false, now: now) == nil)
        _ = admission.accept(bob, number: 1, from: home, now: now)
        let cookieOffered = admission.heard(
            home, bytes: 30, now: now, mayChallenge: true, challengeLength: challengeLength)
        let cookie = try #require(cookieOffered)
        let boundAtOnce = admission.hello(bob, at: home)
        #expect(!boundAtOnce, "not bound before the address is validated")
        let wrong = admission.echoed(cookie &+ 1, from: home, now: now)
        #expect(wrong == nil, "another cookie validates nothing")
        let bound = admission.echoed(cookie, from: home, now: now)
        #expect(bound == [bob], "the echo binds the runner whose hello came from there")
        return admission
    }

    @Test("a learned address is challenged within the bytes it sent, validated by its echo; our own never")
    func challengeAndEcho() throws {
        var admission = Admission(capacity: 4, cookies: SplitMix64(seed: 1))
        admission.localAddress = Self.home
        let own = admission.heard(
            Self.home, bytes: 100, now: 0, mayChallenge: true, challengeLength: Self.challengeLength)
        #expect(own == nil && admission.peers.isEmpty)
        let early = admission.heard(
            Self.stranger, bytes: 10, now: 0, mayChallenge: true, challengeLength: Self.challengeLength)
        #expect(early == nil, "10 bytes buy no 25-byte challenge")
        let cookieOffered = admission.heard(
            Self.stranger, bytes: 20, now: 1, mayChallenge: true, challengeLength: Self.challengeLength)
        let cookie = try #require(cookieOffered)
        #expect(!admission.isValidated(Self.stranger) && admission.recipients.isEmpty)
        let bound = admission.echoed(cookie, from: Self.stranger, now: 2)
        #expect(bound == [])
        #expect(admission.isValidated(Self.stranger) && admission.recipients == [Self.stranger])
    }

    @Test("a bound runner is refused elsewhere; a restart from its host's validated port moves it, nothing else")
    func bindingMovesOnlyByRestart() throws {
        var admission = try Self.boundBob()
        #expect(admission.boundAddress(of: Self.bob) == Self.home)
        let refused = admission.refusal(Self.bob, number: 2, from: Self.newPort, restart: false, now: 2_000_000)
        #expect(
            refused?.refusal == .addressMismatch && refused?.challenge == true,
            "the bound host on a new port is challenged")
        let stranger = admission.refusal(Self.bob, number: 2, from: Self.stranger, restart: true, now: 2_000_000)
        #expect(stranger?.refusal == .addressMismatch && stranger?.challenge == false)
        #expect(
            admission.refusal(Self.bob, number: 2, from: Self.newPort, restart: true, now: 2_000_000)?.refusal
                == .addressMismatch,
            "a restart from an unvalidated port does not move the binding")
        let cookieOffered = admission.heard(
            Self.newPort, bytes: 30, now: 2_000_000, mayChallenge: true, challengeLength: Self.challengeLength)
        let cookie = try #require(cookieOffered)
        _ = admission.echoed(cookie, from: Self.newPort, now: 2_000_000)
        #expect(admission.refusal(Self.bob, number: 2, from: Self.newPort, restart: true, now: 2_000_000) == nil)
        let moved = admission.restarted(Self.bob, at: Self.newPort)
        #expect(moved && admission.boundAddress(of: Self.bob) == Self.newPort)
        let movedAway = admission.restarted(Self.bob, at: Self.stranger)
        #expect(!movedAway)
    }

    @Test("an evicted runner is forgotten by the directory and where it was heard alike; a bound one is never evicted")
    func evictionForgetsEverywhere() throws {
        var admission = Admission(capacity: 2, cookies: SplitMix64(seed: 7))
        _ = admission.accept(Self.carol, number: 1, from: Self.stranger, now: 0)
        admission.heardRunner(Self.carol, at: Self.stranger)
        _ = admission.accept(Self.bob, number: 1, from: Self.home, now: 1)
        let cookieOffered = admission.heard(
            Self.home, bytes: 30, now: 1, mayChallenge: true, challengeLength: Self.challengeLength)
        let cookie = try #require(cookieOffered)
        _ = admission.hello(Self.bob, at: Self.home)
        _ = admission.echoed(cookie, from: Self.home, now: 1)
        let newcomer = RunnerID(rawValue: 0xD0)
        let evicted = admission.accept(newcomer, number: 1, from: Self.stranger, now: 2)
        #expect(evicted == Self.carol, "the unbound runner makes room")
        #expect(admission.address(of: Self.carol) == nil && admission.directory.records[Self.carol] == nil)
        #expect(admission.boundAddress(of: Self.bob) == Self.home)
        #expect(
            admission.refusal(RunnerID(rawValue: 0xE0), number: 1, from: Self.stranger, restart: false, now: 3) == nil)
        let next = admission.accept(RunnerID(rawValue: 0xE0), number: 1, from: Self.stranger, now: 3)
        #expect(next == newcomer)
        #expect(admission.boundAddress(of: Self.bob) == Self.home, "bob, bound, stays")
    }

    @Test("a start outcome's addresses count only from a validated source, and are challenged first")
    func startNamed() throws {
        var admission = try Self.boundBob()
        let named = [StartingRunner(id: Self.carol, ipv4: 0x0A00_0009, port: 47474)]
        admission.startNamed(named, by: Self.stranger, now: 2)
        #expect(admission.address(of: Self.carol) == nil && !admission.peers.contains(Self.stranger))
        admission.startNamed(named, by: Self.home, now: 2)
        #expect(admission.address(of: Self.carol) == Self.stranger && admission.peers.contains(Self.stranger))
        #expect(!admission.isValidated(Self.stranger), "a named address is challenged before anything else goes to it")
        let due = admission.challengesDue(length: Self.challengeLength, now: 2)
        #expect(due.map(\.address) == [Self.stranger])
    }
}
