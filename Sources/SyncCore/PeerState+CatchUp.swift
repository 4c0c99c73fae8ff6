import Domain
import SyncWire

// MARK: Restart catch-up (docs/PROTOCOL.md, "Restart and catch-up")

extension PeerState {
    /// A boot with a newer epoch than the sender's known one announces a restarted process, whose
    /// datagram numbers start again below the window: it is let through without moving the window (its
    /// freshness is the epoch). A boot with an older epoch is a replay.
    func bypassesReplayWindow(_ datagram: SyncDatagram) throws(DatagramError) -> Bool {
        guard case .boot(let epoch) = datagram.message else { return false }
        switch catchUp.kind(ofBoot: epoch, from: datagram.sender) {
        case .restart: return true
        case .old: throw .replayed
        case .first, .current: return false
        }
    }

    /// A boot: on a restart, the sender's state as we hold it goes back to it (at once if its address
    /// is validated, else with our next publishes once it is, until it has caught up); a restart from a
    /// new port of the bound host moves the binding there. A relayed state about our own runner, within
    /// `CatchUpRules`: our datagram numbers continue above our previous process's, and the state goes
    /// to the Domain to adopt.
    mutating func handleCatchUp(_ datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws {
        countReceived(datagram.message.type.name)
        switch datagram.message {
        case .boot(let epoch):
            let kind = catchUp.kind(ofBoot: epoch, from: datagram.sender)
            guard kind != .old else { throw DatagramError.replayed }
            // In an invited race only the runner's own signed boot announces its restart (a plain one there
            // is another key holder speaking for it).
            if invited != nil, !arrival.signedBoot { throw DatagramError.unsignedDecision }
            // A restarted peer holds none of our states: no deltas to it until it acknowledges again.
            if kind == .restart {
                deltas.forget(datagram.sender)
                if directory.isMoving(datagram.sender, to: arrival.source) {
                    directory.rebind(datagram.sender, to: arrival.source)
                    deltas.learn(datagram.sender, at: arrival.source)
                }
            }
            guard let relay = catchUp.boot(epoch, from: datagram.sender, at: arrival.source),
                  table.isValidated(arrival.source), effects.replies.isEmpty,
                  let outgoing = outbox.datagram(saying: relay)
            else { return }
            reply(encode(outgoing), into: &effects)
        case let .relayedState(subject, highestNumber, heldSequence, report):
            guard subject == outbox.me, let introduction = outbox.introduction else { return }
            // In an invited race, only a runner of the roster hands our state back (its rule, `checkRule`), and
            // never a finish or a cancel: those need our own signed statement, which the restarted process no
            // longer holds.
            if invited != nil {
                guard report.phase != .finished, report.phase != .cancelled else { throw DatagramError.unsignedDecision }
            }
            try checkRelay(from: datagram.sender, arrival: arrival, highest: highestNumber, held: heldSequence)
            outbox.continueAbove(highestNumber)
            effects.progress.append(report.toDomain(runner: introduction.runner, terms: introduction.terms, sequence: heldSequence))
        default:
            break
        }
    }

    /// A relayed state about our runner is adopted only within `CatchUpRules.adoptionWindow` of our
    /// boot, from a validated address (a `--peer`, a discovered mate, or one that echoed our cookie) that
    /// its sender is bound to if it is bound anywhere, with plausible numbers.
    private func checkRelay(from sender: RunnerID, arrival: Arrival, highest: UInt32, held: UInt32) throws(PeerRefusal) {
        guard arrival.now <= outbox.epoch &+ CatchUpRules.adoptionWindow else { throw .relayLate }
        guard table.isValidated(arrival.source), (directory.boundAddress(of: sender) ?? arrival.source) == arrival.source
        else { throw .relayUntrusted }
        guard CatchUpRules.isPlausible(highest: highest, held: held) else { throw .relayOutOfRange }
    }

    /// With every hello: the states of mates that restarted and have not caught up yet, sent back to
    /// them (a bounded number of times, `CatchUpRelays.repeats`) at validated addresses.
    mutating func dueRelays() -> [OutgoingDatagram] {
        catchUp.due().compactMap { relay in
            guard table.isValidated(relay.address) else { return nil }
            return outbox.datagram(saying: relay.message).map { OutgoingDatagram(encode($0), to: relay.address) }
        }
    }
}
