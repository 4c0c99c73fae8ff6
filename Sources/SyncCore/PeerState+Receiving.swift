import Domain
import SyncWire

// MARK: Receiving (docs/PROTOCOL.md: every datagram is checked before anything is applied)

extension PeerState {
    /// One datagram of `bytes` from `source`: decoded, its rule looked up (`MessageRule.table`) and
    /// checked (`checkRule`), then handed to its concern. Hellos fill the roster, progress from a runner in
    /// it becomes an update, clock pings are answered, lobby messages and cheers go to the subscribers;
    /// anything refused is counted by reason and changes nothing else. The count of datagrams received
    /// is the caller's (`countReceived()`), once it has delivered the effects.
    package mutating func receive(_ bytes: [UInt8], from source: PeerAddress, clocks: SyncClocks, viaGroup: Bool = false) -> InboundEffects {
        var effects = InboundEffects()
        var arrival = Arrival(source: source, length: bytes.count, clocks: clocks, viaGroup: viaGroup)
        var fromSpectator = false
        // The runner a decoded datagram claims, for the count of forgeries by runner and address.
        var claimed: RunnerID?
        do {
            var (datagram, spectator) = try decodeInbound(bytes, into: &effects)
            fromSpectator = spectator
            claimed = datagram.sender
            guard let rule = MessageRule.rule(for: datagram.message) else { throw DatagramError.fieldOutOfRange("subtype") }
            // Our own datagrams come back on the group (multicast loops back to this host's members): not a drop.
            if viaGroup, datagram.sender == outbox.me { return effects }
            guard datagram.sender != outbox.me else { throw DatagramError.ownSender }
            if viaGroup { statistics.groupReceived += 1 }
            try checkRule(rule, for: datagram, from: source, underSpectatorKey: spectator)
            if case let .pairing(.signedBoot(id, _, epoch, signature)) = datagram.message {
                // An invited race's boot, checked against its runner's key, then a boot like any other.
                guard let race = invited, race.invitation == id, race.acceptsBoot(epoch, signature: signature, from: datagram.sender) else {
                    throw DatagramError.unsignedDecision
                }
                datagram = SyncDatagram(sender: datagram.sender, sequence: datagram.sequence, message: .boot(epoch: epoch))
                arrival.signedBoot = true
            }
            if case .pairing(let pairing) = datagram.message, rule.tag == .none {
                try handleWatch(pairing, datagram: datagram, arrival: arrival, into: &effects)
                return effects
            }
            if case .extended(let message) = datagram.message, !rule.throughDirectory {
                try handleExtended(message, arrival: arrival, into: &effects)
                if fromSpectator { effects.replies = forSpectator(replies: effects.replies) }
                return effects
            }
            try admit(datagram, arrival: arrival, into: &effects)
            if key != nil { try checkReplay(datagram) }
            if let evicted = admission.accept(datagram.sender, number: datagram.sequence, from: source, now: arrival.now) { forget(evicted) }
            // After its number is taken (a refused cheer is still its sender's datagram: the next is no jump).
            if rule.rate == .cheers { try cheers.take(from: datagram.sender, now: arrival.now) }
            try handle(datagram, arrival: arrival, into: &effects)
            if viaGroup { multicast.heardOnGroup(datagram.sender, now: arrival.now) }
            if let lobby = deliver(datagram, arrival: arrival), admitsLobby(lobby, arrival: arrival, into: &effects) { effects.lobby = lobby }
        } catch let error as DatagramError {
            statistics.recordDrop(error, from: source.host, spectator: SyncDatagramCodec.isSpectators(bytes))
            if error.isForgerySign, !fromSpectator, let claimed { statistics.recordForgery(error.reason, about: subject(claimed), from: source.host) }
        } catch let refusal as PeerRefusal {
            statistics.recordRefusal(refusal)
            if refusal.isForgerySign, !fromSpectator, let claimed { statistics.recordForgery(refusal.reason, about: subject(claimed), from: source.host) }
        } catch {
            statistics.dropped["unknown", default: 0] += 1
        }
        // What answers a spectator goes under the spectator key.
        if fromSpectator { effects.replies = forSpectator(replies: effects.replies) }
        return effects
    }

    /// Who a datagram claiming `runner` is about, as the running screen names it: us, a runner of the
    /// roster by name, or a runner this peer never admitted.
    private func subject(_ runner: RunnerID) -> RefusedDatagrams.Subject {
        if runner == outbox.me { return .you }
        guard let known = roster.runners[runner]?.runner, admission.boundAddress(of: runner) != nil else { return .unknown }
        return .runner(known.name)
    }

    /// The rules of `rule`'s row that hold for every message (`MessageRule`), checked in this one place
    /// before anything moves: what a datagram under the spectator key may be (a spectator says its
    /// presence, watching, and validates its address, nothing else; never as a runner of the race, never
    /// from a runner's address), the phase, the sender's role (a runner of an invited race's roster), and
    /// a validated source for what is answered.
    mutating func checkRule(_ rule: MessageRule, for datagram: SyncDatagram, from source: PeerAddress, underSpectatorKey: Bool) throws {
        if underSpectatorKey { try admitSpectator(datagram, rule: rule, from: source) }
        switch rule.phase {
        case .any: break
        case .paired: if pairingState.keys == nil { try rule.phaseRefusal.raise() }
        case .invitedRace: if invited == nil { try rule.phaseRefusal.raise() }
        }
        if rule.sender == .rosterRunner, let invited, !invited.admits(datagram.sender) { try rule.senderRefusal.raise() }
        if rule.validatedSource, !admission.isValidated(source) { throw PeerRefusal.unvalidatedSource }
    }

    /// Counts one datagram read from the socket, valid or not (after its effects were delivered, so that
    /// a reader who sees the count also sees them).
    package mutating func countReceived() {
        statistics.datagramsReceived += 1
    }

    /// Authenticated datagrams only: a number seen before, or below the sender's window, is a replay.
    private mutating func checkReplay(_ datagram: SyncDatagram) throws(DatagramError) {
        if try bypassesReplayWindow(datagram) { return }
        try windows.accept(datagram.sequence, from: datagram.sender)
    }

    private mutating func handle(_ datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws {
        catchUp.saw(datagram.sequence, from: datagram.sender)
        let source = arrival.source
        switch datagram.message {
        case .boot, .relayedState:
            try handleCatchUp(datagram, arrival: arrival, into: &effects)
        case .progressDelta, .acknowledgement, .finishedProgress:
            try handleDelta(datagram, arrival: arrival, into: &effects)
        case .hello(let name, let terms, let offCourse):
            try roster.learn(datagram.sender, name: name, terms: terms, offCourse: offCourse)
            heard(from: arrival, into: &effects)
            if admission.hello(datagram.sender, at: source) { bound(datagram.sender, at: source, terms: terms) }
        case .progress(let report):
            try apply(report, datagram: datagram, arrival: arrival, into: &effects)
        case .clockPing(let t1):
            answerPing(from: datagram.sender, t1: t1, arrival: arrival, into: &effects)
        case let .clockPong(requester, t1, t2, t3):
            let arrived = arrival.clocks.microseconds()
            guard let me = outbox.me, requester == me else { throw DatagramError.unsolicitedPong }
            try clock.pong(from: datagram.sender, at: source, me: me, t1: t1, t2: t2, t3: t3, t4: arrived)
            countReceived(datagram.message.type.name)
        case .pairing(let pairing):
            heard(from: arrival, into: &effects)
            try handlePairing(datagram, pairing, from: source, into: &effects)
            countReceived(datagram.message.type.name)
        case .cheer:
            heard(from: arrival, into: &effects)
            countReceived(datagram.message.type.name)
        case .presence, .invitation, .answer, .outcome:
            // Delivered to the subscribers; a runner that speaks to us is a peer to answer (once validated).
            heard(from: arrival, into: &effects)
            countReceived(datagram.message.type.name)
        case .extended(.ghostChunk(let chunk)):
            try handleGhostChunk(chunk, datagram: datagram, arrival: arrival, into: &effects)
        case .extended(.groupHearing(let runners)):
            multicast.report(from: datagram.sender, naming: runners, me: outbox.me, now: arrival.now)
            heard(from: arrival, into: &effects)
            countReceived(ExtendedType.groupHearing.name)
        case .extended:
            break
        }
    }

    /// `runner`, whose hello carried `terms`, is bound to `address`: a candidate race-clock host, and
    /// our progress to that address is for it (deltas).
    mutating func bound(_ runner: RunnerID, at address: PeerAddress, terms: RaceTerms) {
        clock.heard(runner, at: address, terms: terms)
        deltas.learn(runner, at: address)
    }

    /// A full progress `report` (as sent, or resolved from a delta): an update for the stream, and the
    /// latest state for catch-up and as a delta base.
    mutating func apply(
        _ report: ProgressReportDTO, datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects
    ) throws(DatagramError) {
        // A runner off an invited race's roster was refused by its rule (`checkRule`).
        if let invited {
            guard invited.allows(report, from: datagram.sender) else { throw .unsignedDecision }
        } else if spectators.isGranted {
            // A spectator admitted by a grant follows nobody until the host's roster says who runs.
            throw .notInRace
        }
        let progress = try roster.progress(of: report, from: datagram.sender, sequence: datagram.sequence)
        spectators.heardProgress(keyed: key != nil)
        heard(from: arrival, into: &effects)
        effects.progress.append(progress)
        catchUp.heard(report, number: datagram.sequence, from: datagram.sender)
        deltas.hold(report, number: datagram.sequence, from: datagram.sender, at: arrival.source, acknowledge: !arrival.viaGroup)
    }

    private mutating func answerPing(from requester: RunnerID, t1: UInt64, arrival: Arrival, into effects: inout InboundEffects) {
        let received = arrival.now
        let pong = outbox.datagram(saying: .clockPong(
            requester: requester, t1: t1, t2: received, t3: max(received, arrival.clocks.microseconds())
        ))
        guard let pong else { return }
        reply(encode(pong), into: &effects)
    }

    /// Answers the source at once; counted as sent, as the transport writes it without waiting.
    mutating func reply(_ bytes: [UInt8], into effects: inout InboundEffects) {
        effects.replies.append(bytes)
        countSend(bytes, to: nil, sent: true)
    }

    /// Counts a valid datagram whose effect is not an update (pongs, lobby messages, catch-up, acknowledgements).
    mutating func countReceived(_ typeName: String) {
        statistics.received[typeName, default: 0] += 1
    }

    /// A checked datagram: its sender's address is noted, an invitation gives one answer, the runners
    /// a start from a validated host names are challenged, and a lobby message or cheer is returned for
    /// the subscribers (turned into a `RaceMessage` outside the lock: `InboundEffects.message(receivedAt:)`).
    private mutating func deliver(_ datagram: SyncDatagram, arrival: Arrival) -> SyncDatagram? {
        admission.heardRunner(datagram.sender, at: arrival.source)
        if case .invitation(let offer) = datagram.message { answers.invited(offer.id, by: datagram.sender) }
        // A start names every runner's address: runners who only knew the host now know each other,
        // once each address echoed a challenge.
        if case .outcome(_, .start(_, let runners)) = datagram.message {
            admission.startNamed(runners, by: arrival.source, now: arrival.now)
        }
        // The types `RaceMessageWire.decode` maps to a `RaceMessage`.
        switch datagram.message {
        case .presence, .invitation, .answer, .outcome, .cheer, .hello: return datagram
        default: return nil
        }
    }
}
