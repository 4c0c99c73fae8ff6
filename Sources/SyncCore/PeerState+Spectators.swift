import Domain
import SyncWire

// MARK: Spectators of an invited race (`Spectators`; docs/PROTOCOL.md, "Spectators"): the datagrams they
// take in and send out

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
            if let spectatorKey = spectators.key, let datagram = try? SyncDatagramCodec.decode(bytes, key: spectatorKey) {
                return (datagram, true)
            }
            // Mates who started before midnight UTC, under a defaulted race id: the previous day's key.
            guard let datagram = decodeUnderPreviousDay(bytes, into: &effects) else { throw error }
            return (datagram, false)
        }
    }

    /// A datagram under the spectator key may say nothing that counts (`Spectators.admit`): never as a
    /// runner of the race, never from a runner's bound address.
    mutating func admitSpectator(_ datagram: SyncDatagram, rule: MessageRule, from source: PeerAddress) throws(PeerRefusal) {
        guard let race = invited else { throw .spectatorForbidden }
        try spectators.admit(
            datagram, rule: rule, from: source, runner: race.admits(datagram.sender),
            runnerAddress: admission.isBound(anyOf: race.signingKeys.keys, to: source)
        )
    }

    /// `out`, with what goes to a spectator's address tagged with the spectator key instead of the race key.
    func forSpectators(_ out: [OutgoingDatagram]) -> [OutgoingDatagram] {
        spectators.retag(out)
    }

    /// The replies to a spectator's datagram, tagged with the spectator key.
    func forSpectator(replies: [[UInt8]]) -> [[UInt8]] {
        spectators.retag(replies: replies)
    }

    /// A watch message (never tagged; it moves no replay window and adds nobody to the directory). A
    /// runner answers a checked request once, with at most its size: a grant when the spectator is a paired
    /// mate (and, once its address is validated as a spectator's, the host's roster), a refusal when it is
    /// not; a spectator takes the first grant that opens from a runner it paired with.
    mutating func handleWatch(_ pairing: PairingDTO, datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) throws {
        let sender = datagram.sender
        switch pairing {
        case .watchRequest(let request):
            guard let me = outbox.me, let race = invited, let gateKey = spectators.key else { throw PeerRefusal.watchNotInvited }
            guard request.isValid(spectator: sender) else { throw DatagramError.pairingRefused("watch request is not signed by the identity it names") }
            guard !race.admits(sender) else { throw PeerRefusal.spectatorForbidden }
            countReceived("watch-request")
            let validated = admission.isValidated(arrival.source)
            switch spectators.answer(request, from: sender, at: arrival.source, validated: validated, me: me, race: race) {
            case .notPaired:
                if let refusal = outbox.datagram(saying: .pairing(.watchRefusal(spectator: sender, .notPaired))) { reply(encode(refusal), into: &effects) }
                throw PeerRefusal.watchNotPaired
            case .grant(let grant, let roster):
                guard let granted = outbox.datagram(saying: .pairing(.watchGrant(spectator: sender, grant))) else { return }
                reply(encode(granted), into: &effects)
                if let roster, let datagram = outbox.datagram(saying: .pairing(.roster(invitation: race.invitation, invitee: sender, roster))) {
                    reply(SyncDatagramCodec.encode(datagram, key: gateKey), into: &effects)
                }
            case .nothing:
                return
            }
        case let .watchGrant(spectator, grant):
            let taken = try spectators.take(grant, for: spectator, from: sender, me: outbox.me)
            guard let spectatorKey = taken else { return }
            key = spectatorKey
            windows.reset()
            countReceived("watch-grant")
        case let .watchRefusal(spectator, _):
            if spectators.refused(spectator, by: sender, me: outbox.me) { countReceived("watch-refusal") }
        default:
            break
        }
    }

    /// A spectator: the host's roster for the grant it took (`Spectators.accept`). Then the spectator
    /// follows the race under the same rules as its runners (`InvitedRace`). False when the roster is not
    /// for our grant.
    mutating func acceptSpectatorRoster(_ roster: RaceRoster, invitation: UInt32, invitee: RunnerID) throws(PairingError) -> Bool {
        switch try spectators.accept(roster, invitation: invitation, invitee: invitee, me: outbox.me, key: key, following: invited != nil) {
        case .notOurs: return false
        case .followed: return true
        case .admitted(let race, let host):
            invited = race
            // The host, as its runners know it: the one whose ghost (and clock) the race follows.
            clock.invitedHost = host
            return true
        }
    }

    /// A spectator saying its presence: the watch request goes with it to every peer (`Spectators.request`).
    mutating func watchRequests(for message: RaceMessage, from me: Runner) -> [OutgoingDatagram] {
        let request = spectators.request(for: message, from: me, keyed: key != nil, keys: pairingState.keys)
        guard let request else { return [] }
        let datagram = outbox.datagram(saying: .pairing(.watchRequest(request)), as: me.id)
        return outgoing(encode(datagram), to: recipients)
    }
}
