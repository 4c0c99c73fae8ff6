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

    /// A boot: on a restart, the sender's state as we hold it goes back to it at once (and again with
    /// our next publishes until it has caught up). A relayed state about our own runner: our datagram
    /// numbers continue above our previous process's, and the state goes to the Domain to adopt.
    mutating func handleCatchUp(_ datagram: SyncDatagram, from source: PeerAddress, into effects: inout InboundEffects) throws(DatagramError) {
        countReceived(datagram.message.type.name)
        switch datagram.message {
        case .boot(let epoch):
            let kind = catchUp.kind(ofBoot: epoch, from: datagram.sender)
            guard kind != .old else { throw .replayed }
            // An invited race's key lives in memory only: no restarted process can rejoin it, so a newer
            // epoch there is another key holder speaking for this runner.
            if kind == .restart, invited != nil { throw .unsignedDecision }
            // A restarted peer holds none of our states: no deltas to it until it acknowledges again.
            if kind == .restart { deltas.forget(datagram.sender) }
            guard let relay = catchUp.boot(epoch, from: datagram.sender, at: source),
                  let outgoing = outbox.datagram(saying: relay)
            else { return }
            reply(encode(outgoing), into: &effects)
        case let .relayedState(subject, highestNumber, heldSequence, report):
            guard subject == outbox.me, let introduction = outbox.introduction else { return }
            // Nothing to catch up in an invited race (see the boot above): a relay is nobody's to adopt.
            guard invited == nil else { throw .unsignedDecision }
            outbox.continueAbove(highestNumber)
            effects.progress.append(report.toDomain(runner: introduction.runner, terms: introduction.terms, sequence: heldSequence))
        default:
            break
        }
    }

    /// With every hello: the states of mates that restarted and have not caught up yet, sent back to
    /// them (a bounded number of times, `CatchUpRelays.repeats`), so that a lost relay is repaired.
    mutating func dueRelays() -> [OutgoingDatagram] {
        catchUp.due().compactMap { relay in
            outbox.datagram(saying: relay.message).map { OutgoingDatagram(encode($0), to: relay.address) }
        }
    }
}
