import Domain
import SyncWire

/// Spectators of an invited race, both sides, as one state machine (docs/PROTOCOL.md, "Spectators"):
///
/// - a **runner**'s gate, from its invited race's start: who may watch (its paired mates), the spectator
///   key, the addresses that proved they hold it, the grant made for each spectator (`SpectatorGate`);
/// - a **spectator**'s watch exchange (`watch`, with an identity): the mates whose grants it takes, its
///   signed request, the grant it took, who refused it, and whether the host's roster admitted it
///   (`SpectatorAdmission`).
///
/// Its fields are its own: the peer state hands it checked watch messages and asks it how to tag what
/// goes to a spectator. Pure state under the peer state's lock; every table is bounded by `capacity`.
package struct Spectators: Sendable {
    /// What a runner answers a checked watch request with.
    enum Answer {
        /// The spectator is not a paired mate: a refusal, once.
        case notPaired
        /// Its grant, with the host's roster when the request came from an address validated as a
        /// spectator's (what admits it to the race).
        case grant(WatchGrant, roster: RaceRoster?)
        /// Nothing (the grant could not be made, or the table is full of others).
        case nothing
    }

    /// What a spectator did with the host's roster.
    enum RosterOutcome {
        /// Not for the grant we took (or we took none): the roster is a runner's business.
        case notOurs
        /// For our grant, and we follow the race already.
        case followed
        /// For our grant, checked: the race we now follow under its runners' rules, and its host (by the
        /// host identity the granting runner named).
        case admitted(InvitedRace, host: RunnerID?)
    }

    /// The most spectators, addresses and refusals kept.
    let capacity: Int
    /// A runner of an invited race: its spectators' gate, from the race's start (nil otherwise).
    private(set) var gate: SpectatorGate?
    /// A spectator (`watch`) with an identity: the mates whose grants it takes (nil: not a spectator, or
    /// one that holds a race key already).
    package var mates: [MateIdentity]?
    /// A spectator's watch exchange, from its first presence on.
    private(set) var watching: SpectatorAdmission?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether no runner admitted this spectator and at least one said why.
    package var isRefused: Bool { watching?.isRefused ?? false }

    /// Whether this spectator took a grant: it follows nobody until the host's roster says who runs.
    var isGranted: Bool { watching?.granted != nil }

    // MARK: A runner's side

    /// A runner's invited race started (or was rejoined): its paired mates may watch from now on.
    mutating func open(_ gate: SpectatorGate) {
        self.gate = gate
    }

    /// The spectator key a datagram that failed our race key's tag may carry (a runner's, with a gate).
    var key: RaceKey? { gate?.key }

    /// A datagram under the spectator key: only what its rule lets a spectator say
    /// (`MessageRule.Tag.raceOrSpectator`: address validation, and its presence, watching), never as
    /// `runner` of the race, never from `runnerAddress` (a runner's bound address). Its source then gets
    /// the spectator key's tags.
    mutating func admit(
        _ datagram: SyncDatagram, rule: MessageRule, from source: PeerAddress, runner: Bool, runnerAddress: Bool
    ) throws(PeerRefusal) {
        guard var gate else { throw .spectatorForbidden }
        var allowed = rule.tag == .raceOrSpectator
        if case .presence(_, let availability) = datagram.message, availability != .watching { allowed = false }
        guard allowed, !runner, !runnerAddress else { throw .spectatorForbidden }
        gate.heard(source)
        self.gate = gate
    }

    /// The answer to `spectator`'s `request` (checked: signed by the identity it names, not a runner of
    /// `race`), from `source` (`validated` or not) to us, `me`: a grant when it is a paired mate, with the
    /// roster once its source proved itself as a spectator's; a refusal when it is not.
    mutating func answer(
        _ request: WatchRequest, from spectator: RunnerID, at source: PeerAddress, validated: Bool, me: RunnerID,
        race: InvitedRace
    ) -> Answer {
        guard var gate else { return .nothing }
        guard gate.admits(request.identity) else { return .notPaired }
        guard
            let grant = gate.grant(
                request, spectator: spectator, runner: me, invitation: race.invitation, keys: race.keys)
        else {
            return .nothing
        }
        let roster = validated && gate.addresses.contains(source) ? gate.roster : nil
        self.gate = gate
        return .grant(grant, roster: roster)
    }

    /// `out`, with what goes to a spectator's address tagged with the spectator key instead of the race key.
    func retag(_ out: [OutgoingDatagram]) -> [OutgoingDatagram] {
        guard let gate, !gate.addresses.isEmpty else { return out }
        return out.map {
            gate.addresses.contains($0.address) ? OutgoingDatagram(gate.key.retag($0.bytes), to: $0.address) : $0
        }
    }

    /// The replies to a spectator's datagram, tagged with the spectator key.
    func retag(replies: [[UInt8]]) -> [[UInt8]] {
        guard let key = gate?.key else { return replies }
        return replies.map { key.retag($0) }
    }

    // MARK: A spectator's side

    /// The watch request to send with a presence saying `message` from `me`: the first starts the
    /// exchange (a fresh ephemeral key) when we are a spectator with `keys` and no race key (`keyed`);
    /// then every presence carries it, until a grant is taken or an open race is heard.
    mutating func request(for message: RaceMessage, from me: Runner, keyed: Bool, keys: DeviceKeys?) -> WatchRequest? {
        guard case .presence(_, .watching) = message else { return nil }
        if watching == nil, let mates, !keyed, let keys {
            watching = SpectatorAdmission(watch: SpectatorWatch(spectator: me.id, keys: keys), keys: keys, mates: mates)
        }
        guard let watching, watching.isRequesting, watching.watch.spectator == me.id else { return nil }
        return watching.watch.request
    }

    /// A grant from runner `sender` for `spectator`: when it is for us, `me`, and we took none yet, it is
    /// opened; the spectator key it holds is returned when `sender`'s identity is a paired mate's.
    mutating func take(_ grant: WatchGrant, for spectator: RunnerID, from sender: RunnerID, me: RunnerID?) throws
        -> RaceKey?
    {
        guard var watching, spectator == me, watching.granted == nil else { return nil }
        let spectatorKey: RaceKey
        do { spectatorKey = try watching.watch.open(grant, from: sender) } catch {
            throw DatagramError.pairingRefused("\(error)")
        }
        guard watching.isMate(grant.runner) else {
            watching.strangerGrants += 1
            self.watching = watching
            throw PeerRefusal.watchStranger
        }
        watching.granted = .init(runner: sender, identity: grant.runner, host: grant.host, invitation: grant.invitation)
        self.watching = watching
        return spectatorKey
    }

    /// Runner `sender` refused `spectator`'s request: noted when it was ours (`me`). Returns whether it was.
    mutating func refused(_ spectator: RunnerID, by sender: RunnerID, me: RunnerID?) -> Bool {
        guard var watching, spectator == me else { return false }
        if watching.refusedBy.count < capacity { watching.refusedBy.insert(sender) }
        self.watching = watching
        return true
    }

    /// The host's roster of `invitation` for `invitee`: for our grant (`me`), checked with the host identity
    /// the granting runner named and listing that runner with its own key, under the race id of `key` (the
    /// spectator key the grant gave). Then the spectator follows the race under its runners' rules.
    mutating func accept(
        _ roster: RaceRoster, invitation: UInt32, invitee: RunnerID, me: RunnerID?, key: RaceKey?, following: Bool
    ) throws(PairingError) -> RosterOutcome {
        guard let watching, let granted = watching.granted, granted.invitation == invitation, invitee == me else {
            return .notOurs
        }
        guard !following else { return .followed }
        guard let raceID = key?.raceID, roster.isValid(raceID: raceID, host: granted.host),
            roster.keys[granted.runner] == granted.identity.signingKey
        else { throw .badSignature("roster") }
        self.watching?.admitted = true
        let race = InvitedRace(invitation: invitation, raceID: raceID, signingKeys: roster.keys, keys: watching.keys)
        return .admitted(race, host: roster.runner(signedBy: granted.host))
    }

    /// Progress was applied: without a race key (`keyed`), the race is an open one, and no request is due.
    mutating func heardProgress(keyed: Bool) {
        if !keyed { watching?.heardOpenRace = true }
    }
}
