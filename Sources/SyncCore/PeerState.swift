import Domain
import SyncWire

/// Everything one sync peer knows, as one value made of one state machine per concern, each owning its
/// fields: admission (addresses, their validation, the runner directory: `Admission`), what it sent and
/// received (statistics), its own datagrams (outbox), the race clock, restart catch-up, delta
/// bookkeeping, the roster, the replay windows, cheer rates, the lobby's pairing, spectators, courses,
/// ghosts and multicast. `receive` decodes a datagram, looks its rule up, checks it and hands it to its
/// concern. `UDPRaceSyncRepository` keeps it behind one lock; every step is a pure mutating function that
/// returns what to send, so it is tested without sockets (docs/PROTOCOL.md).
package struct PeerState: Sendable {
    /// The race key: every datagram is tagged and checked with it, or none is (an open race). An invited
    /// race switches to the key its pairing delivered at the start (`enterRace`).
    package var key: RaceKey? {
        didSet { namedGroup = nil }
    }
    /// A defaulted race id's fallback to the previous UTC day's (`PeerState+RaceIDFallback`): nil with an
    /// explicit race id, without a key, and once adopted.
    var raceIDFallback: RaceIDFallback?
    /// The race's multicast group as last named (`groupAddress(for:)`), for those terms under `key`.
    private var namedGroup: (terms: RaceTerms, group: PeerAddress)?
    /// The most peers (and runners) a peer keeps: the tables' bound (`UDPRaceSyncRepository.maximumPeers`).
    package static let maximumPeers = 64
    /// The most peers, runners and addresses kept.
    let capacity: Int
    /// Where our socket listens: never sent to.
    package var localAddress: PeerAddress? {
        get { admission.localAddress }
        set { admission.localAddress = newValue }
    }

    /// Addresses and their validation, the runner directory, where each runner was last heard.
    var admission: Admission
    /// Counters so far.
    package var statistics = SyncStatistics()
    /// Our runner, datagram numbers, hellos and boots.
    package var outbox: SyncOutbox
    /// The race-clock host and our estimate of its clock.
    package var clock = RaceClockSync()
    /// Boot epochs, last progress and the relays owed to restarted mates.
    var catchUp = CatchUpRelays()
    /// Delta bookkeeping: bases and acknowledgements, both ways.
    package var deltas = ProgressDeltas()
    /// Names and terms by runner, from hellos.
    var roster: SyncRoster
    /// Authenticated races: the datagram numbers accepted per sender.
    var windows = ReplayWindows()
    /// Cheers per sender (and ours), limited to `CheerRate`.
    var cheers = CheerRate()
    /// Answers we may still send per invitation (one per invitation datagram received).
    var answers = AnswerCredits()
    /// The pairing exchanges of invitations, both ways.
    var pairingState: LobbyPairing
    /// The course fetch, both ways: the course we serve as a host, the courses we fetch as a joiner.
    var courses = CourseTransfers()
    /// The invited race entered at its start (`enterRace`): roster, race id, signed decisions; for a
    /// spectator, the race its grant and the host's roster admitted it to.
    var invited: InvitedRace?
    /// Spectators, both sides: a runner's gate for those of its invited race, a spectator's watch exchange.
    package var spectators: Spectators
    /// The ghost we announce and the mates' being put back together (`GhostAnnouncements`).
    var ghosts = GhostAnnouncements()
    /// The race's multicast group, once joined, and who hears whom on it (docs/PROTOCOL.md, "Multicast").
    package var multicast: GroupHearing

    /// A peer that knows nobody yet; `epoch` is its boot epoch (microseconds since 1970), `cookies` the
    /// generator its address challenges' cookies come from (the transport's: the system's, which an
    /// attacker cannot predict; the core reads no randomness of its own).
    package init(
        key: RaceKey?, capacity: Int, identity: DeviceKeys? = nil, epoch: UInt64,
        cookies: any RandomNumberGenerator & Sendable
    ) {
        self.pairingState = LobbyPairing(keys: identity, capacity: capacity)
        self.key = key
        self.raceIDFallback = key?.previousDay.map { RaceIDFallback(previousDay: $0) }
        self.capacity = capacity
        self.outbox = SyncOutbox(epoch: epoch)
        self.roster = SyncRoster(capacity: capacity)
        self.admission = Admission(capacity: capacity, cookies: cookies)
        self.spectators = Spectators(capacity: capacity)
        self.multicast = GroupHearing(capacity: capacity)
    }

    // MARK: Peers

    /// Adds a trusted peer to send to (`--peer`, discovery): no challenge needed, never expires.
    /// Duplicates are ignored; a full table evicts a learned address for it.
    package mutating func learnPeer(_ address: PeerAddress) {
        admission.configure(address)
    }

    /// Every address known, validated or not, in the order learned.
    package var peers: [PeerAddress] { admission.peers }

    /// The validated peers less our own address: where a datagram to everyone goes.
    package var recipients: [PeerAddress] { admission.recipients }

    /// Forgets everything the other concerns hold about `runner` (evicted from the directory, and so
    /// from admission, to make room for another).
    mutating func forget(_ runner: RunnerID) {
        roster.forget(runner)
        windows.forget(runner)
        catchUp.forget(runner)
        deltas.forgetAll(runner)
        clock.forget(runner)
        cheers.forget(runner)
        multicast.forget(runner)
    }

    /// The race's public id: the race key's (`RaceKey.publicID`), or in an open race the lowest runner id
    /// among us and the mates whose hello named our terms, once one did (what every runner that heard the
    /// same hellos picks: the race-clock host's id, without waiting for its address to be validated); nil
    /// before.
    /// The public id invited run `invitation` has once entered: the key's when we have one (a race key
    /// the runners were given stays, `enterRace` is not taken), else the one its pairing delivered.
    package func publicRaceID(invitation: UInt32) -> String? {
        if let key { return key.publicID }
        return pairingState.raceSecrets(invitation: invitation).map { RaceKey(secrets: $0).publicID }
    }

    package var publicRaceID: String? {
        if let key { return key.publicID }
        guard let (runner, terms) = outbox.introduction else { return nil }
        let mates = roster.runners.filter { $0.key != runner.id && $0.value.terms == terms }.map(\.key)
        guard let lowest = mates.min() else { return nil }
        return min(lowest, runner.id).description
    }

    // MARK: Sending

    /// `bytes` to each of `addresses` that is validated, our own excluded; the others are counted as
    /// withheld (`unvalidated-address`).
    mutating func outgoing(_ bytes: [UInt8], to addresses: [PeerAddress]) -> [OutgoingDatagram] {
        addresses.filter { $0 != localAddress }.compactMap { address in
            guard admission.isValidated(address) else {
                statistics.withheld["unvalidated-address", default: 0] += 1
                return nil
            }
            return OutgoingDatagram(bytes, to: address)
        }
    }

    /// The race's multicast group for `terms` under our key (`MulticastGroup.address`: a hash, and in a
    /// keyed race an HMAC): named again only when the terms or the key change, not with every publish.
    package mutating func groupAddress(for terms: RaceTerms) -> PeerAddress {
        if let namedGroup, namedGroup.terms == terms { return namedGroup.group }
        let group = MulticastGroup.address(terms: terms, key: key)
        namedGroup = (terms, group)
        return group
    }

    /// `bytes` for every mate at `now`: once to the race's multicast group when we joined one, and to
    /// each validated peer that does not hear us there (`unicastRecipients`); without a group, to
    /// every validated peer.
    mutating func toEveryone(_ bytes: [UInt8], now: UInt64) -> [OutgoingDatagram] {
        guard let group = multicast.group else { return outgoing(bytes, to: recipients) }
        statistics.groupSent += 1
        return [OutgoingDatagram(bytes, to: group)] + outgoing(bytes, to: unicastRecipients(now: now))
    }

    /// The validated peers that still need unicast copies of what goes to the group at `now`: every one
    /// but those whose runners all reported hearing us on the group within the lease (an address no
    /// runner is bound to yet, a spectator's say, gets copies).
    func unicastRecipients(now: UInt64) -> [PeerAddress] {
        guard multicast.group != nil else { return recipients }
        let runnersAt = admission.runnersByAddress
        return recipients.filter { address in
            guard let runners = runnersAt[address] else { return true }
            return !runners.allSatisfy { multicast.listens($0, now: now) }
        }
    }

    /// Encodes `datagram` under our key.
    func encode(_ datagram: SyncDatagram) -> [UInt8] {
        SyncDatagramCodec.encode(datagram, key: key)
    }

    /// Counts one datagram of `bytes` handed to the transport for `address`: sent (by its type, and to
    /// the group or not), or refused by it.
    package mutating func countSend(_ bytes: [UInt8], to address: PeerAddress?, sent: Bool) {
        guard sent else {
            statistics.sendFailures += 1
            return
        }
        statistics.countSent(bytes, toGroup: address != nil && address == multicast.group)
    }

    /// Counts a send the socket reported failed after the fact (an ICMP error).
    package mutating func countSendFailure() {
        statistics.sendFailures += 1
    }
}
