import Domain
import SyncWire

// MARK: Admission and address validation (`Admission`; docs/PROTOCOL.md, "Hardening" and "Address validation"):
// the datagrams they take in and send out

extension PeerState {
    /// The rules a datagram passes before it moves anything (its replay window included): a boot's epoch
    /// not ahead of our clock, then admission's (`Admission.refusal`: no number jumping too far ahead, its
    /// source the address the runner is bound to). A datagram refused for its address from the bound host
    /// is challenged, so that a restarted process on a new port can prove its address and then send its boot.
    mutating func admit(_ datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws {
        var restart = false
        if case .boot(let epoch) = datagram.message {
            guard epoch <= arrival.now &+ CatchUpRules.bootSkew else { throw PeerRefusal.bootAhead }
            restart = catchUp.kind(ofBoot: epoch, from: datagram.sender) == .restart
        }
        let refused = admission.refusal(datagram.sender, number: datagram.sequence, from: arrival.source, restart: restart, now: arrival.now)
        guard let (refusal, challenge) = refused else { return }
        if challenge { heard(from: arrival, into: &effects) }
        throw refusal
    }

    /// A valid datagram from `arrival.source` that makes it a peer (`Admission.heard`), challenged while
    /// unvalidated, within the bytes it sent us (one challenge per datagram at most).
    mutating func heard(from arrival: Arrival, into effects: inout InboundEffects) {
        let cookie = admission.heard(
            arrival.source, bytes: arrival.length, now: arrival.now, mayChallenge: effects.replies.isEmpty, challengeLength: challengeLength
        )
        guard let cookie else { return }
        reply(addressDatagram(.addressChallenge(cookie: cookie)), into: &effects)
    }

    /// The bytes of an address challenge (or echo) under our key.
    var challengeLength: Int {
        25 + (key == nil ? 0 : RaceKey.tagLength)
    }

    /// An extended message: a challenge is echoed to its source (the same size, once); an echo with the
    /// cookie we sent its source validates that address.
    mutating func handleExtended(_ message: ExtendedMessage, arrival: Arrival, into effects: inout InboundEffects) throws {
        switch message {
        case .addressChallenge(let cookie):
            countReceived(message.type.name)
            reply(addressDatagram(.addressEcho(cookie: cookie)), into: &effects)
        case .addressEcho(let cookie):
            guard let validatedRunners = admission.echoed(cookie, from: arrival.source, now: arrival.now) else { throw PeerRefusal.badCookie }
            countReceived(message.type.name)
            for runner in validatedRunners {
                if let terms = roster.runners[runner]?.terms { bound(runner, at: arrival.source, terms: terms) }
            }
        case .ghostChunk, .groupHearing:
            // Handled with the runner messages (`handle`), never here.
            throw DatagramError.fieldOutOfRange("subtype")
        }
    }

    /// With every publish: forgets silent learned addresses and challenges, unasked, the addresses a
    /// start outcome named (a few times, once a second at most) and learned addresses whose challenge
    /// is due and within the bytes they sent.
    mutating func dueChallenges(now: UInt64) -> [OutgoingDatagram] {
        admission.challengesDue(length: challengeLength, now: now).map { due in
            OutgoingDatagram(addressDatagram(.addressChallenge(cookie: due.cookie)), to: due.address)
        }
    }

    /// An address challenge or echo, encoded, and counted apart in the statistics.
    private mutating func addressDatagram(_ message: ExtendedMessage) -> [UInt8] {
        let bytes = encode(outbox.addressDatagram(saying: message))
        statistics.addressValidationSent += 1
        statistics.addressValidationBytes += bytes.count
        return bytes
    }
}
