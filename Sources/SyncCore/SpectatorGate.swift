import Domain
import SyncWire

/// A runner's side of the spectators of its invited race (docs/PROTOCOL.md, "Spectators"): who may
/// watch (the paired mates), the spectator key it tags what it sends them with, the addresses that
/// proved they hold that key, and the grant made for each spectator (the same bytes on every repetition).
/// Pure state under the peer state's lock; every table is bounded.
struct SpectatorGate: Sendable {
    /// The race's secrets (the spectator key is derived from them) and where they came from.
    let secrets: RaceSecrets
    /// The host's identity, which signed `roster`.
    let host: MateIdentity
    /// The host's signed roster, sent to admitted spectators.
    let roster: RaceRoster
    /// The identities admitted to watch: this device's paired mates when the race started.
    let mates: [MateIdentity]
    /// The most spectators and addresses kept.
    let capacity: Int
    /// The key spectators hold.
    let key: RaceKey
    /// Addresses a spectator-key datagram came from: what goes there is tagged with the spectator key.
    private(set) var addresses: Set<PeerAddress> = []
    /// The grant made for each spectator runner id, with the request it answers.
    private var grants: [RunnerID: (request: WatchRequest, grant: WatchGrant)] = [:]

    init(secrets: RaceSecrets, host: MateIdentity, roster: RaceRoster, mates: [MateIdentity], capacity: Int) {
        self.secrets = secrets
        self.host = host
        self.roster = roster
        self.mates = mates
        self.capacity = capacity
        self.key = RaceKey(spectatorOf: secrets)
    }

    /// Whether `identity` is a paired mate of this device.
    func admits(_ identity: MateIdentity) -> Bool {
        mates.contains { $0.isSameDevice(as: identity) }
    }

    /// The grant for `spectator`'s `request`, made once per request (a new request from the same runner id
    /// replaces it); nil when it cannot be made or the table is full of others.
    mutating func grant(
        _ request: WatchRequest, spectator: RunnerID, runner: RunnerID, invitation: UInt32, keys: DeviceKeys
    ) -> WatchGrant? {
        if let made = grants[spectator], made.request == request { return made.grant }
        guard grants[spectator] != nil || grants.count < capacity,
              let grant = WatchGrantor.grant(request, spectator: spectator, runner: runner, invitation: invitation, secrets: secrets, host: host, keys: keys)
        else { return nil }
        grants[spectator] = (request, grant)
        return grant
    }

    /// `address` sent a datagram under the spectator key: from now on it gets the spectator key's tags.
    mutating func heard(_ address: PeerAddress) {
        guard addresses.count < capacity || addresses.contains(address) else { return }
        addresses.insert(address)
    }
}
