import Domain
import Foundation
import SyncWire

// MARK: Pairing (docs/PROTOCOL.md, "Pairing"): the exchange runs under the lobby messages it secures

extension PeerState {
    /// A received pairing message (type 15): a host answers a reply with its reveal and hands the code to
    /// the lobby, takes a signed decision as the invitee's answer; a joiner answers an offer with its
    /// reply, shows the held invitation once the reveal checks, and opens a grant. Anything that does not
    /// check is dropped as `pairing-refused`.
    mutating func handlePairing(
        _ datagram: SyncDatagram, _ pairing: PairingDTO, from source: PeerAddress, into effects: inout InboundEffects
    ) throws(DatagramError) {
        guard let me = outbox.me, pairingState.keys != nil else { throw .pairingRefused("this peer has no identity") }
        let sender = datagram.sender
        if case .courseRequest = pairing { return try handleCourse(pairing, sender: sender, source: source, into: &effects) }
        if case .courseChunk = pairing { return try handleCourse(pairing, sender: sender, source: source, into: &effects) }
        do throws(PairingError) {
            switch pairing {
            case let .offer(id, invitee, offer):
                let key = LobbyPairing.Key(host: sender, invitation: id)
                guard invitee == me, let held = pairingState.held[key], case .invitation(let dto) = held.message else { return }
                if pairingState.joined[key] == nil {
                    guard let keys = pairingState.keys else { return }
                    let context = PairingContext(invitation: id, host: sender, joiner: me, terms: dto.terms)
                    pairingState.joined[key] = LobbyPairing.Joined(pairing: try JoinerPairing(offer: offer, context: context, keys: keys))
                }
                guard let joined = pairingState.joined[key], joined.pairing.offer == offer else { return }
                replyPairing(.reply(invitation: id, host: sender, joined.pairing.reply), into: &effects)
            case let .reply(id, host, reply):
                guard host == me, var hosted = pairingState.hosted[id]?[sender] else { return }
                if hosted.session == nil {
                    let (reveal, session) = try hosted.pairing.accept(reply)
                    (hosted.reply, hosted.reveal, hosted.session) = (reply, reveal, session)
                    pairingState.hosted[id]?[sender] = hosted
                    effects.pairingCode = (id, session.mate, session.code)
                    effects.pairingSender = sender
                }
                guard hosted.reply == reply, let reveal = hosted.reveal else { return }
                replyPairing(.reveal(invitation: id, invitee: sender, reveal), into: &effects)
            case let .reveal(id, invitee, reveal):
                let key = LobbyPairing.Key(host: sender, invitation: id)
                guard invitee == me, let joined = pairingState.joined[key], joined.session == nil else { return }
                let session = try joined.pairing.complete(reveal)
                pairingState.joined[key]?.session = session
                if let held = pairingState.held[key] {
                    effects.lobby = held
                    effects.security = InvitationSecurity(hostIdentity: session.mate, code: session.code)
                }
            case let .decision(id, host, decision):
                guard host == me, let hosted = pairingState.hosted[id]?[sender], let session = hosted.session else { return }
                let accepted = try hosted.pairing.verify(decision, in: session)
                effects.lobby = SyncDatagram(sender: sender, sequence: datagram.sequence, message: .answer(invitation: id, host: me, accepted: accepted))
            case let .grant(id, invitee, grant):
                let key = LobbyPairing.Key(host: sender, invitation: id)
                guard invitee == me, let joined = pairingState.joined[key], let session = joined.session,
                      pairingState.grantedSecrets[key] == nil
                else { return }
                pairingState.grantedSecrets[key] = try joined.pairing.open(grant, in: session)
            case let .roster(id, invitee, roster):
                if try acceptSpectatorRoster(roster, invitation: id, invitee: invitee) { return }
                let key = LobbyPairing.Key(host: sender, invitation: id)
                guard invitee == me, let session = pairingState.joined[key]?.session, let secrets = pairingState.grantedSecrets[key],
                      pairingState.grantedRosters[key] == nil
                else { return }
                guard roster.isValid(raceID: secrets.raceID, host: session.mate), roster.keys[me] != nil else { throw .badSignature("roster") }
                pairingState.grantedRosters[key] = roster
            case let .statement(id, _, statement):
                guard var race = invited, race.invitation == id else { return }
                guard race.accept(statement, from: sender) else { throw .badSignature("statement") }
                invited = race
            case let .outcomeSignature(id, invitee, kind, signature):
                let key = LobbyPairing.Key(host: sender, invitation: id)
                guard invitee == me, let joined = pairingState.joined[key], let session = joined.session else { return }
                guard joined.pairing.isValid(outcome: kind, signature: signature, in: session) else { throw .badSignature("outcome") }
                pairingState.signedOutcomes[key, default: []].insert(kind)
            case .courseRequest, .courseChunk, .watchRequest, .watchGrant, .watchRefusal, .signedBoot:
                break
            }
        } catch {
            throw .pairingRefused("\(error)")
        }
    }

    /// Sends `pairing` back to the source at once.
    private mutating func replyPairing(_ pairing: PairingDTO, into effects: inout InboundEffects) {
        guard let datagram = outbox.datagram(saying: .pairing(pairing)) else { return }
        reply(encode(datagram), into: &effects)
    }

    /// Whether a checked lobby datagram reaches the lobby now: an invitation for us waits for its
    /// pairing (then it comes with the host's identity and code), a plain answer to a paired invitation
    /// is ignored (its signed decision counts), and a start waits for the race secrets it needs.
    mutating func admitsLobby(_ datagram: SyncDatagram, arrival: Arrival, into effects: inout InboundEffects) -> Bool {
        guard pairingState.keys != nil, let me = outbox.me else { return true }
        switch datagram.message {
        case .invitation(let dto) where dto.invitees.contains(me):
            let key = LobbyPairing.Key(host: datagram.sender, invitation: dto.id)
            if pairingState.hold(datagram, as: key, from: arrival.source, now: arrival.now) {
                statistics.recordRefusal(.invitationLimit)
            }
            guard let session = pairingState.joined[key]?.session else { return false }
            effects.security = InvitationSecurity(hostIdentity: session.mate, code: session.code)
            return true
        case let .answer(id, _, _):
            return pairingState.hosted[id]?[datagram.sender] == nil
        case .outcome(let id, .start):
            let key = LobbyPairing.Key(host: datagram.sender, invitation: id)
            return pairingState.joined[key] == nil || (pairingState.grantedSecrets[key] != nil && pairingState.grantedRosters[key] != nil)
        case .outcome(let id, let outcome):
            // A paired invitation ends only as its host signed it (a forged cancel is refused and counted).
            let key = LobbyPairing.Key(host: datagram.sender, invitation: id)
            guard pairingState.joined[key]?.session != nil else { return true }
            guard pairingState.signedOutcomes[key]?.contains(outcome.kind) == true else {
                statistics.dropped["unsigned-outcome", default: 0] += 1
                return false
            }
            return true
        default:
            return true
        }
    }

    /// What a lobby message from `me` to `recipients` adds or replaces: after an invitation, each
    /// invitee's offer; before a start, each paired invitee's grant; an answer to a paired invitation
    /// goes as the signed decision instead (`replaces`).
    mutating func pairingMessages(for message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) -> (before: [OutgoingDatagram], after: [OutgoingDatagram], replaces: Bool) {
        guard pairingState.keys != nil else { return ([], [], false) }
        switch message {
        case .invitation(let offer):
            var after: [OutgoingDatagram] = []
            for invitee in recipients ?? offer.invitees {
                guard let address = admission.address(of: invitee), let pairing = pairingState.hostExchange(offer, invitee: invitee),
                      case let datagram = outbox.datagram(saying: .pairing(.offer(invitation: offer.id, invitee: invitee, pairing.offer)), as: me.id)
                else { continue }
                after += outgoing(encode(datagram), to: [address])
            }
            return ([], after, false)
        case let .answer(id, host, accepted):
            let key = LobbyPairing.Key(host: host, invitation: id)
            guard let joined = pairingState.joined[key], let session = joined.session, let address = admission.address(of: host) else { return ([], [], false) }
            let decision = joined.pairing.decide(accept: accepted, in: session)
            let datagram = outbox.datagram(saying: .pairing(.decision(invitation: id, host: host, decision)), as: me.id)
            return (outgoing(encode(datagram), to: [address]), [], true)
        case let .outcome(id, .start(_, runners)):
            guard let hosted = pairingState.hosted[id], let keys = pairingState.keys else { return ([], [], false) }
            let secrets = pairingState.secrets(hosting: id)
            var signingKeys = [me.id: keys.identity.signingKey]
            for runner in runners where runner != me.id {
                if let mate = hosted[runner]?.session?.mate { signingKeys[runner] = mate.signingKey }
            }
            let roster = pairingState.hostRosters[id] ?? RaceRoster.signed(signingKeys, raceID: secrets.raceID, by: keys)
            pairingState.hostRosters[id] = roster
            var before: [OutgoingDatagram] = []
            for invitee in recipients ?? Array(hosted.keys) {
                guard let exchange = hosted[invitee], let session = exchange.session, let address = admission.address(of: invitee) else { continue }
                let grant = exchange.pairing.grant(secrets, in: session)
                let datagram = outbox.datagram(saying: .pairing(.grant(invitation: id, invitee: invitee, grant)), as: me.id)
                let rosterDatagram = outbox.datagram(saying: .pairing(.roster(invitation: id, invitee: invitee, roster)), as: me.id)
                before += outgoing(encode(datagram), to: [address]) + outgoing(encode(rosterDatagram), to: [address])
            }
            return (before, [], false)
        default:
            return ([], [], false)
        }
    }

    /// The host's signatures of a plain outcome (not a start) for each paired invitee it goes to, sent
    /// before it.
    mutating func outcomeSignatures(_ body: SyncMessage, from me: Runner, to recipients: [RunnerID]?) -> [OutgoingDatagram] {
        guard case .outcome(let id, let outcome) = body, outcome.kind != 0, let hosted = pairingState.hosted[id] else { return [] }
        return (recipients ?? Array(hosted.keys)).flatMap { invitee -> [OutgoingDatagram] in
            guard let exchange = hosted[invitee], let session = exchange.session, let address = admission.address(of: invitee) else { return [] }
            let signature = exchange.pairing.signOutcome(kind: outcome.kind, in: session)
            let datagram = outbox.datagram(saying: .pairing(.outcomeSignature(invitation: id, invitee: invitee, kind: outcome.kind, signature: signature)), as: me.id)
            return outgoing(encode(datagram), to: [address])
        }
    }

    /// From the start of invited run `invitation` on, every datagram is tagged with its race key and race
    /// id; false when no pairing of it delivered them.
    /// `spectators` (this device's paired mates) may watch it: each gets the spectator key on request.
    package mutating func enterRace(invitation: UInt32, spectators: [MateIdentity] = []) -> Bool {
        guard let secrets = pairingState.raceSecrets(invitation: invitation), let keys = pairingState.keys,
              let roster = pairingState.roster(invitation: invitation), let host = pairingState.host(invitation: invitation)
        else { return false }
        key = RaceKey(secrets: secrets)
        windows.reset()
        invited = InvitedRace(invitation: invitation, raceID: secrets.raceID, signingKeys: roster.keys, keys: keys)
        let gate = SpectatorGate(secrets: secrets, host: host, roster: roster, mates: spectators, capacity: capacity)
        self.spectators.open(gate)
        clock.invitedHost = roster.runner(signedBy: host)
        return true
    }

    /// Our signed statement of `report` when we finished or cancelled in an invited race, for everyone.
    mutating func statement(for report: ProgressReportDTO, as runner: RunnerID) -> [OutgoingDatagram] {
        guard let race = invited, report.phase == .finished || report.phase == .cancelled,
              let datagram = outbox.datagram(saying: .pairing(.statement(
                  invitation: race.invitation, runner: runner,
                  RaceStatement.signed(report, runner: runner, raceID: race.raceID, keys: race.keys)
              )))
        else { return [] }
        return outgoing(encode(datagram), to: peers)
    }
}

// MARK: Restart in an invited race (docs/PROTOCOL.md, "Restart in an invited race")

extension PeerState {
    /// What to keep of the invited race we are in, for a restarted process of `runner`; nil outside one.
    package func keptRace(as runner: RunnerID, at now: Date) -> KeptInvitedRace? {
        guard let race = invited, spectators.key != nil,
              let secrets = pairingState.raceSecrets(invitation: race.invitation),
              let roster = pairingState.roster(invitation: race.invitation), let host = pairingState.host(invitation: race.invitation),
              let terms = pairingState.terms(invitation: race.invitation)
        else { return nil }
        return KeptInvitedRace(
            runner: runner, invitation: race.invitation, raceKey: Data(secrets.key), raceID: Data(secrets.raceID),
            roster: roster.keys.mapValues { Data($0) }, rosterSignature: Data(roster.signature), host: host.text,
            mode: terms.mode.rawValue, goalCentimetres: terms.goal.centimetres, course: terms.course, savedAt: now
        )
    }

    /// A restarted process rejoins the invited race it kept: keyed with its race key and race id, the
    /// host's roster, spectators admitted as before. Returns its terms; nil when `kept` does not check.
    package mutating func rejoin(_ kept: KeptInvitedRace, spectators: [MateIdentity]) -> RaceTerms? {
        guard let keys = pairingState.keys, let race = kept.race, race.roster.keys[kept.runner] == keys.identity.signingKey else { return nil }
        key = RaceKey(secrets: race.secrets)
        windows.reset()
        invited = InvitedRace(
            invitation: kept.invitation, raceID: race.secrets.raceID, signingKeys: race.roster.keys, keys: keys
        )
        self.spectators.open(
            SpectatorGate(secrets: race.secrets, host: race.host, roster: race.roster, mates: spectators, capacity: capacity)
        )
        clock.invitedHost = race.roster.runner(signedBy: race.host)
        return race.terms
    }
}
