import Domain
import Foundation
import SyncWire

// MARK: Publishing our progress and sending lobby messages

extension PeerState {
    /// Everything one publish of `progress` sends, in order: a hello when one is due, the progress
    /// (on the multicast group in full, and to each peer not hearing the group full or as a delta), a
    /// boot when due, our group hearing report when due; with a hello also the relays and
    /// acknowledgements due, and a clock ping to the race-clock host; and the challenges due to addresses a start
    /// named. Only validated peers get anything but a challenge.
    package mutating func publish(_ progress: RunnerProgress, clocks: SyncClocks) -> [OutgoingDatagram] {
        let now = clocks.microseconds()
        let datagrams = outbox.datagrams(for: progress, now: now)
        clock.terms = progress.terms
        if progress.phase != .waiting { clock.raceStarted(me: progress.runner.id) }
        var out = dueChallenges(now: now)
        for datagram in datagrams {
            if case .progress(let report) = datagram.message {
                out += statement(for: report, as: datagram.sender)
                out += progressUpdates(report, number: datagram.sequence, sender: datagram.sender, now: now)
            } else if case .boot(let epoch) = datagram.message, let invited {
                // In an invited race only a signed boot counts (a restart makes the mates hand our state back).
                let signed = SyncDatagram(sender: datagram.sender, sequence: datagram.sequence, message: invited.signedBoot(epoch, as: datagram.sender))
                out += toEveryone(encode(signed), now: now)
            } else {
                out += toEveryone(encode(datagram), now: now)
            }
        }
        out += dueGhostChunk(from: progress.runner.id, now: now)
        // Our group hearing report goes with any publish once due, not only with a hello: a runner
        // paced under overload sends a hello every few seconds, and its mates' 7 s leases on it lapsed
        // (64 runners on 2 cores: 93 % of the datagrams went unicast).
        out += dueGroupReports(now: now)
        guard datagrams.count > 1 else { return forSpectators(out) }
        out += dueRelays()
        out += dueAcknowledgements()
        // A clock ping to the host along with a hello (one per 4 publishes at most; once the estimate has
        // settled, one per poll interval: RaceClockSync.settlingExchanges).
        if let ping = clock.ping(me: progress.runner.id, now: now),
           let datagram = outbox.datagram(saying: .clockPing(t1: ping.t1)) {
            out += outgoing(encode(datagram), to: [ping.address])
        }
        return forSpectators(out)
    }

    /// A lobby message or cheer from `me`, sent at `now` on the race clock: to each recipient's last
    /// known address, or to every validated peer. Nothing for what cannot be sent (an expired
    /// invitation), for an answer beyond the invitations received (`AnswerCredits`), or for a cheer
    /// beyond our rate (`CheerRate`); those are counted in `statistics.withheld`.
    package mutating func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?, at now: Date) -> [OutgoingDatagram] {
        guard let body = RaceMessageWire.encode(message, from: me, at: now, address: { admission.startingRunner($0) }) else { return [] }
        let pairing = pairingMessages(for: message, from: me, to: recipients)
        if pairing.replaces { return pairing.before }
        switch body {
        case let .answer(invitation, host, _):
            guard answers.take(invitation, by: host) else {
                statistics.withheld["answer-limit", default: 0] += 1
                return []
            }
        case .cheer:
            guard (try? cheers.take(from: me.id, now: SyncClocks.microseconds(of: now))) != nil else {
                statistics.withheld["cheer-rate", default: 0] += 1
                return []
            }
        default:
            break
        }
        let signatures = outcomeSignatures(body, from: me, to: recipients)
        let datagram = outbox.datagram(saying: body, as: me.id)
        let addresses = recipients.map { $0.compactMap { admission.address(of: $0) } } ?? self.recipients
        return forSpectators(signatures + pairing.before + outgoing(encode(datagram), to: addresses) + pairing.after + watchRequests(for: message, from: me))
    }
}

// MARK: Multicast (docs/PROTOCOL.md, "Multicast")

extension PeerState {
    /// When due (with any publish): to the group, the runners we heard on it lately (one report per
    /// `ExtendedType.maximumHeard` of them), so that they stop sending us unicast copies (not on a group
    /// that carries both ways, where hearing us is enough); once we hear nobody there any more, one empty
    /// report, to the group and to each validated peer, so that they start again at once.
    mutating func dueGroupReports(now: UInt64) -> [OutgoingDatagram] {
        guard let group = multicast.group else { return [] }
        var out: [OutgoingDatagram] = []
        for runners in multicast.reportsDue(now: now) {
            // On a group that carries both ways, a mate that hears us there knows it by hearing us: only
            // the empty report says something new (64 runners through a broker: 2 reports every 2 s from
            // each, a fifth of what every runner received).
            if multicast.heardMeansListening, !runners.isEmpty { continue }
            guard let datagram = outbox.datagram(saying: .extended(.groupHearing(runners))) else { continue }
            let bytes = encode(datagram)
            out.append(OutgoingDatagram(bytes, to: group))
            statistics.groupSent += 1
            // We hear nobody on the group: the group may not reach our mates from us either, so the
            // empty report goes to each of them too (once, when it happens).
            if runners.isEmpty { out += outgoing(bytes, to: recipients) }
        }
        return out
    }
}
