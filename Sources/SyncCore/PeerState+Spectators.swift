import Domain
import SyncWire

// MARK: Spectators of an invited race (docs/PROTOCOL.md, "Spectators")

extension PeerState {
    /// Decodes `bytes` under our key; in an invited race, one that fails our tag may be a spectator's,
    /// under the race's spectator key (`fromSpectator`); under a defaulted race id, a mate's who started
    /// before midnight UTC, under the previous day's key (`decodeUnderPreviousDay`).
    mutating func decodeInbound(
        _ bytes: [UInt8], into effects: inout InboundEffects
    ) throws(DatagramError) -> (datagram: SyncDatagram, fromSpectator: Bool) {
        do {
            return (try SyncDatagramCodec.decode(bytes, key: key), false)
        } catch {
            guard case .badTag = error else { throw error }
            if let spectatorKey = invited?.gate?.key, let datagram = try? SyncDatagramCodec.decode(bytes, key: spectatorKey) {
                return (datagram, true)
            }
            // Mates who started before midnight UTC, under a defaulted race id: the previous day's key.
            guard let datagram = decodeUnderPreviousDay(bytes, into: &effects) else { throw error }
            return (datagram, false)
        }
    }

    /// A datagram under the spectator key may say nothing that counts: only what its rule lets a
    /// spectator say (`MessageRule.Tag.raceOrSpectator`: address validation, and its presence, watching),
    /// never as a runner of the race, never from a runner's address. Its source then gets the spectator
    /// key's tags.
    mutating func admitSpectator(_ datagram: SyncDatagram, rule: MessageRule, from source: PeerAddress) throws(PeerRefusal) {
        guard var race = invited, var gate = race.gate else { throw .spectatorForbidden }
        var allowed = rule.tag == .raceOrSpectator
        if case .presence(_, let availability) = datagram.message, availability != .watching { allowed = false }
        let runnerAddress = race.signingKeys.keys.contains { directory.boundAddress(of: $0) == source }
        guard allowed, !race.admits(datagram.sender), !runnerAddress else { throw .spectatorForbidden }
        gate.heard(source)
        race.gate = gate
        invited = race
    }

    /// `out`, with what goes to a spectator's address tagged with the spectator key instead of the race key.
    func forSpectators(_ out: [OutgoingDatagram]) -> [OutgoingDatagram] {
        guard let gate = invited?.gate, !gate.addresses.isEmpty else { return out }
        return out.map { gate.addresses.contains($0.address) ? OutgoingDatagram(gate.key.retag($0.bytes), to: $0.address) : $0 }
    }

    /// The replies to a spectator's datagram, tagged with the spectator key.
    func forSpectator(replies: [[UInt8]]) -> [[UInt8]] {
        guard let key = invited?.gate?.key else { return replies }
        return replies.map { key.retag($0) }
    }

    /// A watch message (never tagged; it moves no replay window and adds nobody to the directory). A
    /// runner answers a checked request once, with at most its size: a grant when the spectator is a paired
    /// mate (and, once its address is validated as a spectator's, the host's roster), a refusal when it is
    /// not; a spectator takes the first grant that opens from a runner it paired with.
    mutating func handleWatch(_ pairing: PairingDTO, datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws {
        let sender = datagram.sender
        switch pairing {
        case .watchRequest(let request):
            guard let me = outbox.me, var race = invited, var gate = race.gate else { throw PeerRefusal.watchNotInvited }
            guard request.isValid(spectator: sender) else { throw DatagramError.pairingRefused("watch request is not signed by the identity it names") }
            guard !race.admits(sender) else { throw PeerRefusal.spectatorForbidden }
            countReceived("watch-request")
            guard gate.admits(request.identity) else {
                if let refusal = outbox.datagram(saying: .pairing(.watchRefusal(spectator: sender, .notPaired))) { reply(encode(refusal), into: &effects) }
                throw PeerRefusal.watchNotPaired
            }
            guard let grant = gate.grant(request, spectator: sender, runner: me, invitation: race.invitation, keys: race.keys),
                  let granted = outbox.datagram(saying: .pairing(.watchGrant(spectator: sender, grant)))
            else { return }
            reply(encode(granted), into: &effects)
            if table.isValidated(arrival.source), gate.addresses.contains(arrival.source),
               let roster = outbox.datagram(saying: .pairing(.roster(invitation: race.invitation, invitee: sender, gate.roster))) {
                reply(SyncDatagramCodec.encode(roster, key: gate.key), into: &effects)
            }
            race.gate = gate
            invited = race
        case let .watchGrant(spectator, grant):
            guard var watching, spectator == outbox.me, watching.granted == nil else { return }
            let spectatorKey: RaceKey
            do { spectatorKey = try watching.watch.open(grant, from: sender) } catch { throw DatagramError.pairingRefused("\(error)") }
            guard watching.isMate(grant.runner) else {
                watching.strangerGrants += 1
                self.watching = watching
                throw PeerRefusal.watchStranger
            }
            watching.granted = .init(runner: sender, identity: grant.runner, host: grant.host, invitation: grant.invitation)
            self.watching = watching
            key = spectatorKey
            windows.reset()
            countReceived("watch-grant")
        case let .watchRefusal(spectator, _):
            guard var watching, spectator == outbox.me else { return }
            if watching.refusedBy.count < capacity { watching.refusedBy.insert(sender) }
            self.watching = watching
            countReceived("watch-refusal")
        default:
            break
        }
    }

    /// A spectator: the host's roster for the grant it took, checked with the host identity the paired
    /// runner named and listing that runner with its own key. Then the spectator follows the race under
    /// the same rules as its runners (`InvitedRace`). False when the roster is not for our grant.
    mutating func acceptSpectatorRoster(_ roster: RaceRoster, invitation: UInt32, invitee: RunnerID) throws(PairingError) -> Bool {
        guard let watching, let granted = watching.granted, granted.invitation == invitation, invitee == outbox.me else { return false }
        guard invited == nil else { return true }
        guard let raceID = key?.raceID, roster.isValid(raceID: raceID, host: granted.host),
              roster.keys[granted.runner] == granted.identity.signingKey
        else { throw .badSignature("roster") }
        invited = InvitedRace(invitation: invitation, raceID: raceID, signingKeys: roster.keys, keys: watching.keys)
        // The host, as its runners know it: the one whose ghost (and clock) the race follows.
        clock.invitedHost = roster.runner(signedBy: granted.host)
        self.watching?.admitted = true
        return true
    }

    /// A spectator saying its presence: the watch request goes with it to every peer, until a grant is
    /// taken or an open race is heard. The first presence starts the exchange (a fresh ephemeral key).
    mutating func watchRequests(for message: RaceMessage, from me: Runner) -> [OutgoingDatagram] {
        guard case .presence(_, .watching) = message else { return [] }
        if watching == nil, let mates = spectatorMates, key == nil, let keys = pairingState.keys {
            watching = SpectatorAdmission(watch: SpectatorWatch(spectator: me.id, keys: keys), keys: keys, mates: mates)
        }
        guard let watching, watching.isRequesting, watching.watch.spectator == me.id else { return [] }
        let datagram = outbox.datagram(saying: .pairing(.watchRequest(watching.watch.request)), as: me.id)
        return outgoing(encode(datagram), to: recipients)
    }
}
