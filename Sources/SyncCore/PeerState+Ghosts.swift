import Domain
import SyncWire

// MARK: Ghosts (docs/PROTOCOL.md, "15/9 ghost chunk")

extension PeerState {
    /// Announces `ghost`: the next publish sends all its chunks (so the mates show it at once), and
    /// every publish after that one of them, in turn, to every mate (`toEveryone`) and spectator, until the
    /// run ends (so a late or restarted peer gets it too).
    package mutating func announce(_ ghost: Ghost) {
        ghosts.announce(ghost)
    }

    /// The chunks due with this publish, from our runner `me`, to every recipient; none without a ghost.
    mutating func dueGhostChunk(from me: RunnerID, now: UInt64) -> [OutgoingDatagram] {
        ghosts.due(hasRecipients: !recipients.isEmpty).flatMap { chunk in
            toEveryone(encode(outbox.datagram(saying: .extended(.ghostChunk(chunk)), as: me)), now: now)
        }
    }

    /// A chunk of a mate's ghost: taken only from a runner whose hello we hold (and, in an invited race,
    /// one of the roster: `not-in-race`, and its host alone: `ghost-not-host`); the ghost goes
    /// to `ghosts()` once whole.
    mutating func handleGhostChunk(
        _ chunk: GhostChunkDTO, datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects
    ) throws {
        guard roster.runners[datagram.sender] != nil else { throw DatagramError.unknownSender(datagram.sender) }
        // A runner off an invited race's roster was refused by its rule (`checkRule`); of the roster, only
        // the host announces a ghost there.
        if invited != nil {
            guard datagram.sender == clock.invitedHost else { throw PeerRefusal.ghostNotHost }
        }
        heard(from: arrival, into: &effects)
        countReceived(ExtendedType.ghostChunk.name)
        // Marked with its announcer's name: in an open race anyone may announce one.
        if let ghost = ghosts.assemble(chunk, announcer: roster.runners[datagram.sender]?.runner.name) { effects.ghosts.append(ghost) }
    }
}
