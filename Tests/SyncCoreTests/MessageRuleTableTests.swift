@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A kind the samples do not know.
struct NoSample: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// One message of every kind, as the codec decodes it: well-formed, its signatures made up (zeros or
/// another exchange's), so that only the rule under test can refuse it.
enum RuleSamples {
    static let terms = RaceTerms(mode: .race, goal: .standard)
    static let zeros = [UInt8](repeating: 0, count: 64)

    /// `kind` from `sender`, naming `receiver` where the message names another runner.
    static func message(_ kind: MessageKind, from sender: RunnerID, to receiver: RunnerID) throws -> SyncMessage {
        let report = SyncSample.report(10_000, 5_000)
        let finished = SyncSample.report(10_000, 5_000, phase: .finished)
        switch kind {
        case .type(.progress): return .progress(report)
        case .type(.hello): return .hello(name: "mallory", terms: terms)
        case .type(.cheer): return .cheer(recipient: nil, emoji: .thumbsUp, sentAtMilliseconds: 1)
        case .type(.clockPing): return .clockPing(t1: 1)
        case .type(.clockPong): return .clockPong(requester: receiver, t1: 1, t2: 2, t3: 3)
        case .type(.presence): return .presence(name: "mallory", availability: .free)
        case .type(.invitation), .type(.answer), .type(.outcome):
            let host = Runner(id: sender, name: "mallory")
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let offer = InvitationOffer(id: 9, host: host, terms: terms, invitees: [receiver], sentAt: now, timeout: 30)
            let message: RaceMessage = switch kind {
            case .type(.invitation): .invitation(offer)
            case .type(.answer): .answer(invitation: 9, host: receiver, accepted: true)
            default: .outcome(invitation: 9, .cancelled)
            }
            return try #require(RaceMessageWire.encode(message, from: host, at: now))
        case .type(.boot): return .boot(epoch: 5)
        case .type(.relayedState): return .relayedState(subject: receiver, highestNumber: 10, heldSequence: 5, report: report)
        case .type(.progressDelta):
            return .progressDelta(ProgressDeltaDTO(baseBack: 1, phase: .running, hasFinalResult: false, elapsedDelta: 1, distanceDelta: 1))
        case .type(.acknowledgement): return .acknowledgement(number: 1)
        case .type(.finishedProgress): return .finishedProgress(finished)
        case .type(.extended): throw NoSample("type 15 has no row of its own: its subtypes have")
        case .extended(.addressChallenge): return .extended(.addressChallenge(cookie: 7))
        case .extended(.addressEcho): return .extended(.addressEcho(cookie: 7))
        case .extended(.groupHearing): return .extended(.groupHearing([receiver]))
        case .extended(.ghostChunk):
            let track = try #require(GhostTrack(name: "ghost", stepMilliseconds: 1000, centimetres: [0, 300, 600]))
            let ghost = Ghost(announcedBy: sender, track: track, start: Date(timeIntervalSince1970: 1_800_000_000))
            return .extended(.ghostChunk(try #require(GhostChunkDTO.chunks(of: ghost).first)))
        case .pairing(let subtype):
            return .pairing(try pairing(subtype, from: sender, to: receiver))
        }
    }

    static func pairing(_ subtype: UInt8, from sender: RunnerID, to receiver: RunnerID) throws -> PairingDTO {
        let (hostKeys, joinerKeys) = (DeviceKeys.generate(), DeviceKeys.generate())
        let context = PairingContext(invitation: 9, host: sender, joiner: receiver, terms: terms)
        let hostSide = HostPairing(context: context, keys: hostKeys)
        let joinerSide = try JoinerPairing(offer: hostSide.offer, context: context, keys: joinerKeys)
        let (reveal, hostSession) = try hostSide.accept(joinerSide.reply)
        let joinerSession = try joinerSide.complete(reveal)
        let secrets = RaceSecrets.generate()
        switch subtype {
        case 16: return .offer(invitation: 9, invitee: receiver, hostSide.offer)
        case 17: return .reply(invitation: 9, host: receiver, joinerSide.reply)
        case 18: return .reveal(invitation: 9, invitee: receiver, reveal)
        case 19: return .decision(invitation: 9, host: receiver, joinerSide.decide(accept: true, in: joinerSession))
        case 20: return .grant(invitation: 9, invitee: receiver, hostSide.grant(secrets, in: hostSession))
        case 21:
            let keys = [sender: hostKeys.identity.signingKey, receiver: joinerKeys.identity.signingKey]
            return .roster(invitation: 9, invitee: receiver, RaceRoster.signed(keys, raceID: secrets.raceID, by: hostKeys))
        case 22:
            let statement = RaceStatement(phase: .finished, elapsedMilliseconds: 9_000, distanceCentimetres: 5_000, finishMilliseconds: 9_000, signature: zeros)
            return .statement(invitation: 9, runner: sender, statement)
        case 23: return .watchRequest(SpectatorWatch(spectator: sender, keys: joinerKeys).request)
        case 24:
            let request = SpectatorWatch(spectator: receiver, keys: joinerKeys).request
            return .watchGrant(spectator: receiver, try #require(WatchGrantor.grant(
                request, spectator: receiver, runner: sender, invitation: 9, secrets: secrets, host: hostKeys.identity, keys: hostKeys
            )))
        case 25: return .watchRefusal(spectator: receiver, .notPaired)
        case 26: return .signedBoot(invitation: 9, runner: sender, epoch: 5, signature: zeros)
        case 27: return .outcomeSignature(invitation: 9, invitee: receiver, kind: 1, signature: zeros)
        case 28: return .courseRequest(invitation: 9, host: receiver, CourseRequest(index: 0, signature: zeros))
        case 29: return .courseChunk(invitation: 9, invitee: receiver, CourseChunk(index: 0, count: 1, points: [1, 2], signature: zeros))
        default: throw NoSample("no sample of pairing subtype \(subtype)")
        }
    }
}

/// What a refused datagram must leave alone: the runners heard, the roster, the addresses, the replay
/// windows, what was counted as received.
struct StateFingerprint: Equatable {
    let text: String

    init(_ state: PeerState, directory: Bool = true) {
        let records = directory ? state.admission.directory.records.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } : []
        let windows = directory ? state.windows.senders : []
        let received = state.statistics.received.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        text = "\(records) \(state.roster.runners.keys.sorted()) \(state.admission.peers) \(windows) \(received)"
    }
}

/// The rule table (`MessageRule.table`, docs/PROTOCOL.md "Message rules"): a row for every message the
/// codec decodes, and each row's rules proven by sending the message against them: counted as dropped
/// under the expected reason, and nothing else changed.
@Suite("Message rules: the table")
struct MessageRuleTableTests {
    static let mallory = RunnerID(rawValue: 0xC3)
    static let malloryAddress = PeerAddress(host: "10.0.0.66", port: 47474)
    let clocks = SyncClocks(microseconds: { 1_000 })

    /// Every kind the codec can decode: the types but 15, the sync layer's subtypes, and every pairing
    /// subtype the codec gives a length.
    static var decodableKinds: Set<MessageKind> {
        var kinds = Set(MessageType.allCases.filter { $0 != .extended }.map(MessageKind.type))
        kinds.formUnion(ExtendedType.allCases.map(MessageKind.extended))
        kinds.formUnion((ExtendedType.firstIdentitySubtype...UInt8.max).filter { PairingDTO.datagramLengths(subtype: $0) != nil }.map(MessageKind.pairing))
        return kinds
    }

    @Test("one row per kind the codec decodes, no more; each row's sample decodes to its kind, within its lengths")
    func complete() throws {
        let kinds = MessageRule.table.map(\.kind)
        #expect(Set(kinds).count == kinds.count, "a kind with two rows")
        #expect(Set(kinds) == Self.decodableKinds)
        for rule in MessageRule.table {
            let bytes = SyncDatagramCodec.encode(SyncDatagram(
                sender: Self.mallory, sequence: 3, message: try RuleSamples.message(rule.kind, from: Self.mallory, to: RunnerID(rawValue: 0xA1))
            ))
            let decoded = try SyncDatagramCodec.decode(bytes)
            #expect(MessageKind(decoded.message) == rule.kind)
            #expect(rule.lengths.contains(bytes.count), "\(rule.kind) \(rule.name): \(bytes.count) bytes, not in \(rule.lengths)")
        }
    }

    /// `bytes` to `state` from `source`: refused under `reason`, nothing else changed (with `directory`
    /// false, but for the runner directory and replay windows: a check its handler makes after them).
    func expectRefused(
        _ bytes: [UInt8], by state: inout PeerState, from source: PeerAddress, as reason: String, _ rule: MessageRule, _ what: String,
        directory: Bool = true
    ) {
        let before = StateFingerprint(state, directory: directory)
        let dropped = state.statistics.dropped
        let effects = state.receive(bytes, from: source, clocks: clocks)
        var expected = dropped
        expected[reason, default: 0] += 1
        #expect(state.statistics.dropped == expected, "\(rule.kind) \(rule.name), \(what): \(state.statistics.dropped) (was \(dropped))")
        #expect(StateFingerprint(state, directory: directory) == before, "\(rule.kind) \(rule.name), \(what): the state changed")
        #expect(effects.progress.isEmpty && effects.lobby == nil && effects.replies.isEmpty && effects.ghosts.isEmpty, "\(rule.kind) \(rule.name), \(what)")
    }

    @Test("every row's size and key: one byte over its longest is refused by length, an untagged datagram in a keyed race (or a tagged one of a never-tagged row) by its tag")
    func sizeAndTag() throws {
        let key = try RaceKey.testing("rules")
        for rule in MessageRule.table {
            let message = try RuleSamples.message(rule.kind, from: Self.mallory, to: RunnerID(rawValue: 0xA1))
            let datagram = SyncDatagram(sender: Self.mallory, sequence: 3, message: message)
            var open = PeerState(key: nil, capacity: 64, epoch: 1)
            let encoded = SyncDatagramCodec.encode(datagram)
            let oversize = encoded + [UInt8](repeating: 0, count: rule.lengths.upperBound + 1 - encoded.count)
            let reason = oversize.count > SyncDatagramCodec.maximumLength ? "too-long" : "length-mismatch"
            expectRefused(oversize, by: &open, from: Self.malloryAddress, as: reason, rule, "oversize")

            var keyed = PeerState(key: key, capacity: 64, epoch: 1)
            if rule.tag == .none {
                var tagged = encoded
                tagged[3] |= 0x08  // the header's authenticated flag
                expectRefused(tagged + [UInt8](repeating: 1, count: RaceKey.tagLength), by: &keyed, from: Self.malloryAddress, as: "unexpected-tag", rule, "tagged")
            } else {
                expectRefused(encoded, by: &keyed, from: Self.malloryAddress, as: "missing-tag", rule, "untagged")
            }
        }
    }

    @Test("in an invited race: what a spectator may not say is refused under the spectator key, and a runner off the roster is refused where the row wants one of the roster")
    func spectatorKeyAndSender() throws {
        for rule in MessageRule.table {
            var race = try SpectatorRace()
            race.run(1)
            let alice = RunnerID(rawValue: 0xA1)
            let raceKey = try #require(race.alice.key), spectatorKey = try #require(race.alice.spectators.gate?.key)
            if rule.tag == .race {
                let message = try RuleSamples.message(rule.kind, from: race.spectatorRunner.id, to: alice)
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: race.spectatorRunner.id, sequence: 3, message: message), key: spectatorKey)
                expectRefused(bytes, by: &race.alice, from: SpectatorRace.spectatorAddress, as: "spectator-forbidden", rule, "under the spectator key")
            }
            if rule.sender == .rosterRunner, rule.tag != .none {
                let message = try RuleSamples.message(rule.kind, from: Self.mallory, to: alice)
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: Self.mallory, sequence: 3, message: message), key: raceKey)
                expectRefused(bytes, by: &race.alice, from: Self.malloryAddress, as: rule.senderRefusal.reason, rule, "off the roster")
            }
        }
    }

    @Test("outside its phase: a row for an invited race is refused outside one, a row for paired peers by a peer without an identity")
    func phase() throws {
        for rule in MessageRule.table where rule.phase != .any {
            let message = try RuleSamples.message(rule.kind, from: Self.mallory, to: RunnerID(rawValue: 0xA1))
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: Self.mallory, sequence: 3, message: message))
            var state = PeerState(key: nil, capacity: 64, identity: rule.phase == .paired ? nil : DeviceKeys.generate(), epoch: 1)
            expectRefused(bytes, by: &state, from: Self.malloryAddress, as: rule.phaseRefusal.reason, rule, "outside \(rule.phase)")
        }
    }

    @Test("a row that wants a validated source refuses an unvalidated one; a rate-bound row refuses the first over its rate; a pong must answer our ping")
    func sourceRateAndSubject() throws {
        for rule in MessageRule.table where rule.validatedSource {
            var state = PeerState(key: nil, capacity: 64, epoch: 1)
            let message = try RuleSamples.message(rule.kind, from: Self.mallory, to: RunnerID(rawValue: 0xA1))
            expectRefused(SyncSample.encoded(message, from: Self.mallory), by: &state, from: Self.malloryAddress, as: "unvalidated-source", rule, "unvalidated")
        }
        for rule in MessageRule.table where rule.rate != nil {
            var state = PeerState(key: nil, capacity: 64, epoch: 1)
            let message = try RuleSamples.message(rule.kind, from: Self.mallory, to: RunnerID(rawValue: 0xA1))
            var sequence: UInt32 = 1
            while state.statistics.received[rule.kind == .type(.cheer) ? "cheer" : rule.name, default: 0] < Int(CheerRate.burst), sequence < 100 {
                _ = state.receive(SyncSample.encoded(message, from: Self.mallory, sequence: sequence), from: Self.malloryAddress, clocks: clocks)
                sequence += 1
            }
            // Its datagram number is still taken (the next is no jump): the directory moves, nothing else.
            expectRefused(
                SyncSample.encoded(message, from: Self.mallory, sequence: sequence), by: &state, from: Self.malloryAddress, as: "cheer-rate", rule,
                "over its rate", directory: false
            )
        }
        let pong = MessageRule.rule(for: .type(.clockPong))!
        var state = PeerState(key: nil, capacity: 64, epoch: 1)
        let aboutAnother = SyncMessage.clockPong(requester: RunnerID(rawValue: 0xB0B), t1: 1, t2: 2, t3: 3)
        expectRefused(SyncSample.encoded(aboutAnother, from: Self.mallory), by: &state, from: Self.malloryAddress, as: "unsolicited-pong", pong, "about another", directory: false)
    }

    @Test("a signed row whose signature does not check is refused: a statement, a signed boot (the race's runners' keys), a watch request (its identity)")
    func signatures() throws {
        for rule in MessageRule.table where rule.signature != .none && [.pairing(22), .pairing(23), .pairing(26)].contains(rule.kind) {
            var race = try SpectatorRace()
            race.run(1)
            let bob = RunnerID(rawValue: 0xB2), alice = RunnerID(rawValue: 0xA1)
            let sender = rule.kind == .pairing(23) ? race.spectatorRunner.id : bob
            // A watch request signed for another spectator id than the one sending it.
            let signer = rule.kind == .pairing(23) ? RunnerID(rawValue: 0x5EF) : sender
            let message = try RuleSamples.message(rule.kind, from: signer, to: alice)
            let key = rule.tag == .none ? nil : race.alice.key
            let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 20, message: message), key: key)
            let source = rule.kind == .pairing(23) ? SpectatorRace.spectatorAddress : SpectatorRace.bobAddress
            let reason = rule.kind == .pairing(26) ? "unsigned-decision" : "pairing-refused"
            expectRefused(bytes, by: &race.alice, from: source, as: reason, rule, "badly signed", directory: rule.kind != .pairing(22))
        }
    }
}

extension MessageRuleTableTests {
    @Test("the lookup finds each row by its kind, and nothing for type 15 itself or a subtype without a row")
    func lookup() {
        for rule in MessageRule.table { #expect(MessageRule.rule(for: rule.kind)?.name == rule.name) }
        #expect(MessageRule.rule(for: .type(.extended)) == nil)
        #expect(MessageRule.rule(for: .pairing(200)) == nil && MessageRule.rule(for: .pairing(1)) == nil)
    }
}

extension MessageRuleTableTests {
    @Test("every row that may not speak about another runner: in a bound runner's name from another address it is refused (address-mismatch); a field naming another runner than its sender does not decode; a watch request for another spectator fails its signature")
    func aboutAnotherRunner() throws {
        let bob = RunnerID(rawValue: AttackRace.bobID), alice = RunnerID(rawValue: AttackRace.aliceID)
        var covered: [MessageKind] = []
        for rule in MessageRule.table where !rule.aboutAnother && rule.sender != .anyone {
            switch rule.kind {
            case .pairing(22), .pairing(26), .extended(.ghostChunk):
                // The runner (or ghost) it is about is a field of its own: another than the sender's never decodes.
                let message = try RuleSamples.message(rule.kind, from: bob, to: alice)
                var state = PeerState(key: nil, capacity: 64, epoch: 1)
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: Self.mallory, sequence: 3, message: message))
                expectRefused(bytes, by: &state, from: Self.malloryAddress, as: "field-out-of-range", rule, "about \(bob)")
            case .pairing(23):
                var race = try SpectatorRace()
                race.run(1)
                let message = try RuleSamples.message(rule.kind, from: RunnerID(rawValue: 0x5EF), to: alice)
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: race.spectatorRunner.id, sequence: 20, message: message))
                expectRefused(bytes, by: &race.alice, from: SpectatorRace.spectatorAddress, as: "pairing-refused", rule, "for another spectator")
            default:
                #expect(rule.throughDirectory, "\(rule.kind) \(rule.name): no check of who it is about")
                // Bob is bound to his address; the attacker's is validated (a --peer of alice's), so only the binding stops it.
                var race = try AttackRace(keyed: false)
                race.run(2)
                race.alice.learnPeer(AttackRace.spoofed)
                let message = try RuleSamples.message(rule.kind, from: bob, to: alice)
                let highest = try #require(race.alice.admission.directory.records[bob]?.highest)
                let bytes = SyncDatagramCodec.encode(SyncDatagram(sender: bob, sequence: highest + 1, message: message))
                expectRefused(bytes, by: &race.alice, from: AttackRace.spoofed, as: "address-mismatch", rule, "in bob's name")
            }
            covered.append(rule.kind)
        }
        #expect(covered.count == MessageRule.table.filter { !$0.aboutAnother && $0.sender != .anyone }.count && covered.count >= 11)
    }
}
