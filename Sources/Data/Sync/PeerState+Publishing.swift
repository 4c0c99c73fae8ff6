import Domain
import Foundation
import SyncWire

// MARK: Publishing our progress and sending lobby messages

extension PeerState {
    /// Everything one publish of `progress` sends, in order: a hello when one is due, the progress
    /// (full or delta per peer), a boot when due; with a hello also the relays and acknowledgements due
    /// and a clock ping to the race-clock host.
    mutating func publish(_ progress: RunnerProgress, clocks: SyncClocks) -> [OutgoingDatagram] {
        let datagrams = outbox.datagrams(for: progress)
        var out: [OutgoingDatagram] = []
        for datagram in datagrams {
            if case .progress(let report) = datagram.message {
                out += statement(for: report, as: datagram.sender)
                out += progressUpdates(report, number: datagram.sequence, sender: datagram.sender)
            } else {
                out += outgoing(encode(datagram), to: peers)
            }
        }
        guard datagrams.count > 1 else { return out }
        out += dueRelays()
        out += dueAcknowledgements()
        // A clock ping to the host along with every hello (so one per 4 publishes at most).
        if let ping = clock.ping(me: progress.runner.id, now: clocks.microseconds()),
           let datagram = outbox.datagram(saying: .clockPing(t1: ping.t1)) {
            out += outgoing(encode(datagram), to: [ping.address])
        }
        return out
    }

    /// A lobby message or cheer from `me`, sent at `now` on the race clock: to each recipient's last
    /// known address, or to every known peer. Nothing for what cannot be sent (an expired invitation).
    mutating func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?, at now: Date) -> [OutgoingDatagram] {
        guard let body = RaceMessageWire.encode(message, from: me, at: now, address: { startingRunner($0) }) else { return [] }
        let pairing = pairingMessages(for: message, from: me, to: recipients)
        if pairing.replaces { return pairing.before }
        let datagram = outbox.datagram(saying: body, as: me.id)
        let addresses = recipients.map { $0.compactMap { runnerAddresses[$0] } } ?? peers
        return pairing.before + outgoing(encode(datagram), to: addresses) + pairing.after
    }
}
