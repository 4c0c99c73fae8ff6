import Domain
import SyncWire

// MARK: Receiving (docs/PROTOCOL.md: every datagram is checked before anything is applied)

extension PeerState {
    /// One datagram of `bytes` from `source`: decoded and checked, then applied. Hellos fill the roster,
    /// progress from a runner in it becomes an update, clock pings are answered, lobby messages and cheers
    /// go to the subscribers; anything refused is counted by reason and changes nothing else. The count of
    /// datagrams received is the caller's (`countReceived()`), once it has delivered the effects.
    mutating func receive(_ bytes: [UInt8], from source: PeerAddress, clocks: SyncClocks) -> InboundEffects {
        var effects = InboundEffects()
        do throws(DatagramError) {
            let datagram = try SyncDatagramCodec.decode(bytes, key: key)
            guard datagram.sender != outbox.me else { throw .ownSender }
            if key != nil { try checkReplay(datagram) }
            try handle(datagram, from: source, clocks: clocks, into: &effects)
            if let lobby = deliver(datagram, from: source), admitsLobby(lobby, into: &effects) { effects.lobby = lobby }
        } catch {
            statistics.recordDrop(error, from: source.host)
        }
        return effects
    }

    /// Counts one datagram read from the socket, valid or not (after its effects were delivered, so that
    /// a reader who sees the count also sees them).
    mutating func countReceived() {
        statistics.datagramsReceived += 1
    }

    /// Authenticated datagrams only: a number seen before, or below the sender's window, is a replay.
    private mutating func checkReplay(_ datagram: SyncDatagram) throws(DatagramError) {
        guard windows[datagram.sender] != nil || windows.count < roster.capacity else { throw .rosterFull }
        if try bypassesReplayWindow(datagram) { return }
        guard windows[datagram.sender, default: ReplayWindow()].accept(datagram.sequence) else { throw .replayed }
    }

    private mutating func handle(
        _ datagram: SyncDatagram, from source: PeerAddress, clocks: SyncClocks, into effects: inout InboundEffects
    ) throws(DatagramError) {
        catchUp.saw(datagram.sequence, from: datagram.sender)
        switch datagram.message {
        case .boot, .relayedState:
            try handleCatchUp(datagram, from: source, into: &effects)
        case .progressDelta, .acknowledgement, .finishedProgress:
            try handleDelta(datagram, from: source, into: &effects)
        case .hello(let name, let terms):
            try roster.learn(datagram.sender, name: name, terms: terms)
            clock.heard(datagram.sender, at: source)
            deltas.learn(datagram.sender, at: source)
            learnPeer(source)
        case .progress(let report):
            try apply(report, datagram: datagram, from: source, into: &effects)
        case .clockPing(let t1):
            answerPing(from: datagram.sender, t1: t1, clocks: clocks, into: &effects)
        case let .clockPong(requester, t1, t2, t3):
            let arrived = clocks.microseconds()
            guard let me = outbox.me, requester == me,
                  clock.pong(from: datagram.sender, me: me, t1: t1, t2: t2, t3: t3, t4: arrived)
            else { throw .unsolicitedPong }
            countReceived(datagram.message.type.name)
        case .pairing(let pairing):
            learnPeer(source)
            try handlePairing(datagram, pairing, from: source, into: &effects)
            countReceived(datagram.message.type.name)
        case .cheer, .presence, .invitation, .answer, .outcome:
            // Delivered to the subscribers; a runner that speaks to us is a peer to answer.
            learnPeer(source)
            countReceived(datagram.message.type.name)
        }
    }

    /// A full progress `report` (as sent, or resolved from a delta): an update for the stream, and the
    /// latest state for catch-up and as a delta base.
    mutating func apply(
        _ report: ProgressReportDTO, datagram: SyncDatagram, from source: PeerAddress, into effects: inout InboundEffects
    ) throws(DatagramError) {
        if let invited {
            guard invited.admits(datagram.sender) else { throw .notInRace }
            guard invited.allows(report, from: datagram.sender) else { throw .unsignedDecision }
        }
        let progress = try roster.progress(of: report, from: datagram.sender, sequence: datagram.sequence)
        learnPeer(source)
        effects.progress.append(progress)
        catchUp.heard(report, number: datagram.sequence, from: datagram.sender)
        deltas.hold(report, number: datagram.sequence, from: datagram.sender, at: source)
    }

    private mutating func answerPing(from requester: RunnerID, t1: UInt64, clocks: SyncClocks, into effects: inout InboundEffects) {
        let received = clocks.microseconds()
        let pong = outbox.datagram(saying: .clockPong(requester: requester, t1: t1, t2: received, t3: max(received, clocks.microseconds())))
        guard let pong else { return }
        reply(encode(pong), into: &effects)
    }

    /// Answers the source at once; counted as sent, as the transport writes it without waiting.
    mutating func reply(_ bytes: [UInt8], into effects: inout InboundEffects) {
        effects.replies.append(bytes)
        countSend(bytes: bytes.count, sent: true)
    }

    /// Counts a valid datagram whose effect is not an update (pongs, lobby messages, catch-up, acknowledgements).
    mutating func countReceived(_ typeName: String) {
        statistics.received[typeName, default: 0] += 1
    }

    /// A checked datagram: its sender's address is noted, the runners a start names become peers, and a
    /// lobby message or cheer is returned for the subscribers (turned into a `RaceMessage` outside the
    /// lock, on the race clock: `InboundEffects.message(receivedAt:)`).
    private mutating func deliver(_ datagram: SyncDatagram, from source: PeerAddress) -> SyncDatagram? {
        note(datagram.sender, at: source)
        // A start names every runner's address: runners who only knew the host now know each other.
        if case .outcome(_, .start(_, let runners)) = datagram.message {
            for runner in runners {
                guard let host = runner.host else { continue }
                let peer = PeerAddress(host: host, port: Int(runner.port))
                if runnerAddresses[runner.id] == nil { note(runner.id, at: peer) }
                learnPeer(peer)
            }
        }
        // The types `RaceMessageWire.decode` maps to a `RaceMessage`.
        switch datagram.message {
        case .presence, .invitation, .answer, .outcome, .cheer, .hello: return datagram
        default: return nil
        }
    }
}
