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
    /// new port of the bound host moves the binding there. A relayed state about our own runner is never
    /// adopted (`relay-ignored`): a restarted runner resumes from the state and datagram numbers it kept
    /// itself in its data directory (`OwnStateStore`), so that no one else can rewrite its state or throw
    /// its numbers ahead. Mates still send relays for peers of earlier builds; nothing reads them as truth.
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
                if admission.restarted(datagram.sender, at: arrival.source) {
                    deltas.learn(datagram.sender, at: arrival.source)
                }
            }
            guard let relay = catchUp.boot(epoch, from: datagram.sender, at: arrival.source),
                  admission.isValidated(arrival.source), effects.replies.isEmpty,
                  let outgoing = outbox.datagram(saying: relay)
            else { return }
            reply(encode(outgoing), into: &effects)
        case .relayedState(let subject, _, _, _):
            // About our own runner: only we say what our state is (docs/PROTOCOL.md, "Restart and catch-up").
            if subject == outbox.me { throw PeerRefusal.relayIgnored }
        default:
            break
        }
    }

    /// With every hello: the states of mates that restarted and have not caught up yet, sent back to
    /// them (a bounded number of times, `CatchUpRelays.repeats`) at validated addresses.
    mutating func dueRelays() -> [OutgoingDatagram] {
        catchUp.due().compactMap { relay in
            guard admission.isValidated(relay.address) else { return nil }
            return outbox.datagram(saying: relay.message).map { OutgoingDatagram(encode($0), to: relay.address) }
        }
    }
}
