import Domain
import SyncWire
import Testing

/// The pairing exchange, pure (docs/PROTOCOL.md, "Pairing"): both sides derive the same code and key,
/// a man in the middle gets other codes, and tampered, replayed or wrongly signed messages are refused.
@Suite("Pairing exchange")
struct PairingExchangeTests {
    let host = DeviceKeys.generate(), joiner = DeviceKeys.generate()
    let context = PairingContext(
        invitation: 0xC0FFEE, host: RunnerID(rawValue: 0xA1), joiner: RunnerID(rawValue: 0xB2),
        terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
    )

    /// One whole exchange: the host's session and state, the joiner's.
    private func exchange() throws -> (HostPairing, PairingSession, JoinerPairing, PairingSession) {
        let hostSide = HostPairing(context: context, keys: host)
        let joinerSide = try JoinerPairing(offer: hostSide.offer, context: context, keys: joiner)
        let (reveal, hostSession) = try hostSide.accept(joinerSide.reply)
        return (hostSide, hostSession, joinerSide, try joinerSide.complete(reveal))
    }

    @Test("both sides see the same 6-digit code and the other's identity; the race secrets reach the joiner")
    func sameCodeAndKey() throws {
        let (hostSide, hostSession, joinerSide, joinerSession) = try exchange()
        #expect(hostSession.code == joinerSession.code)
        #expect(hostSession.code.count == 6 && hostSession.code.allSatisfy(\.isNumber))
        #expect(hostSession.mate == joiner.identity && joinerSession.mate == host.identity)
        let decision = joinerSide.decide(accept: true, in: joinerSession)
        #expect(try hostSide.verify(decision, in: hostSession))
        let secrets = RaceSecrets.generate()
        #expect(try joinerSide.open(hostSide.grant(secrets, in: hostSession), in: joinerSession) == secrets)
        // A second exchange between the same devices has another code and key.
        let (_, again, _, _) = try exchange()
        #expect(again != hostSession)
    }

    @Test("a man in the middle with its own keys makes two exchanges whose codes differ (over 200 tries)")
    func manInTheMiddle() throws {
        let mallory = DeviceKeys.generate()
        var matches = 0
        for _ in 0..<200 {
            // Mallory answers the host as the joiner, and invites the joiner as the host.
            let hostSide = HostPairing(context: context, keys: host)
            let towardHost = try JoinerPairing(offer: hostSide.offer, context: context, keys: mallory)
            let (hostReveal, hostSession) = try hostSide.accept(towardHost.reply)
            let fakeHost = HostPairing(context: context, keys: mallory)
            let joinerSide = try JoinerPairing(offer: fakeHost.offer, context: context, keys: joiner)
            let (fakeReveal, _) = try fakeHost.accept(joinerSide.reply)
            let joinerSession = try joinerSide.complete(fakeReveal)
            _ = try towardHost.complete(hostReveal)
            if hostSession.code == joinerSession.code { matches += 1 }
            #expect(joinerSession.mate == mallory.identity && hostSession.mate == mallory.identity)
        }
        #expect(matches == 0)
    }

    @Test("an offer re-signed, altered, or made for another invitation, invitee or terms is refused")
    func tamperedOffer() throws {
        let offer = HostPairing(context: context, keys: host).offer
        var ephemeral = offer
        ephemeral.ephemeral = HostPairing(context: context, keys: host).offer.ephemeral
        var commitment = offer
        commitment.commitment[0] ^= 1
        var impostor = offer
        impostor.identity = DeviceKeys.generate().identity
        for bad in [ephemeral, commitment, impostor] {
            #expect(throws: PairingError.badSignature("offer")) { try JoinerPairing(offer: bad, context: context, keys: joiner) }
        }
        var other = context
        for change in [{ (c: inout PairingContext) in c.invitation += 1 }, { $0.joiner = RunnerID(rawValue: 0xC3) },
                       { $0.terms = RaceTerms(mode: .team, goal: $0.terms.goal) }, { $0.host = RunnerID(rawValue: 0xA2) }] {
            other = context
            change(&other)
            #expect(throws: PairingError.badSignature("offer")) { try JoinerPairing(offer: offer, context: other, keys: joiner) }
        }
        var short = offer
        short.commitment = Array(offer.commitment.prefix(16))
        #expect(throws: PairingError.malformed("commitment")) { try JoinerPairing(offer: short, context: context, keys: joiner) }
    }

    @Test("a reply altered, signed by another key, or answering an earlier offer is refused by the host")
    func tamperedReply() throws {
        let hostSide = HostPairing(context: context, keys: host)
        let reply = try JoinerPairing(offer: hostSide.offer, context: context, keys: joiner).reply
        var nonce = reply
        nonce.nonce[3] ^= 0x80
        var impostor = reply
        impostor.identity = DeviceKeys.generate().identity
        let earlier = try JoinerPairing(offer: HostPairing(context: context, keys: host).offer, context: context, keys: joiner).reply
        for bad in [nonce, impostor, earlier] {
            #expect(throws: PairingError.badSignature("reply")) { try hostSide.accept(bad) }
        }
    }

    @Test("a reveal from another exchange, altered, or not opening the commitment is refused by the joiner")
    func tamperedReveal() throws {
        let hostSide = HostPairing(context: context, keys: host)
        let joinerSide = try JoinerPairing(offer: hostSide.offer, context: context, keys: joiner)
        let (reveal, _) = try hostSide.accept(joinerSide.reply)
        // A replayed reveal from an earlier exchange with the same host.
        let oldHost = HostPairing(context: context, keys: host)
        let (oldReveal, _) = try oldHost.accept(try JoinerPairing(offer: oldHost.offer, context: context, keys: joiner).reply)
        #expect(throws: PairingError.badSignature("reveal")) { try joinerSide.complete(oldReveal) }
        var altered = reveal
        altered.nonce[0] ^= 1
        #expect(throws: PairingError.badSignature("reveal")) { try joinerSide.complete(altered) }
        #expect(try joinerSide.complete(reveal).code.count == 6)
    }

    @Test("a decision or grant from another exchange, altered, or not the sender's is refused")
    func tamperedDecisionAndGrant() throws {
        let (hostSide, hostSession, joinerSide, joinerSession) = try exchange()
        let (_, otherHostSession, otherJoiner, otherJoinerSession) = try exchange()
        var flipped = joinerSide.decide(accept: false, in: joinerSession)
        flipped.accepted = true
        #expect(throws: PairingError.badSignature("decision")) { try hostSide.verify(flipped, in: hostSession) }
        #expect(throws: PairingError.badSignature("decision")) {
            try hostSide.verify(otherJoiner.decide(accept: true, in: otherJoinerSession), in: hostSession)
        }
        let secrets = RaceSecrets.generate()
        let replayed = hostSide.grant(secrets, in: otherHostSession)
        #expect(throws: PairingError.badSignature("grant")) { try joinerSide.open(replayed, in: joinerSession) }
        var altered = hostSide.grant(secrets, in: hostSession)
        altered.sealed[20] ^= 1
        #expect(throws: PairingError.badSignature("grant")) { try joinerSide.open(altered, in: joinerSession) }
        // Signed by the host but sealed under another key: it does not open.
        let wrongSeal = hostSide.grant(secrets, in: otherHostSession)
        var resigned = wrongSeal
        resigned.signature = hostSide.grant(secrets, in: hostSession).signature
        #expect(throws: PairingError.badSignature("grant")) { try joinerSide.open(resigned, in: joinerSession) }
    }
}
