import Domain
import SyncWire

/// The pairing exchanges of a peer's invitations, both ways (docs/PROTOCOL.md, "Pairing"): as a host,
/// one `HostPairing` per invitee and the race secrets of each invitation; as a joiner, the invitations
/// held until their pairing completes, one `JoinerPairing` per invitation and the secrets granted.
/// Pure state, stepped under the peer state's lock; each table is bounded.
struct LobbyPairing: Sendable {
    /// A host's exchange with one invitee.
    struct Hosted: Sendable {
        var pairing: HostPairing
        /// The first valid reply, the reveal it got and the completed session.
        var reply: PairingReply?
        var reveal: PairingReveal?
        var session: PairingSession?
    }

    /// A joiner's exchange for one invitation of one host.
    struct Joined: Sendable {
        var pairing: JoinerPairing
        var session: PairingSession?
    }

    /// An invitation's host and id.
    struct Key: Hashable, Sendable {
        var host: RunnerID
        var invitation: UInt32
    }

    /// This device's keys; nil: no pairing (invitations go and are shown without it, as before).
    let keys: DeviceKeys?
    /// The most invitations kept in each table.
    let capacity: Int

    var hosted: [UInt32: [RunnerID: Hosted]] = [:]
    var hostSecrets: [UInt32: RaceSecrets] = [:]
    /// Invitations received, not shown until their pairing completes: the latest datagram of each.
    var held: [Key: SyncDatagram] = [:]
    /// Where each held invitation last came from, and when (µs): bounded per source, expiring.
    private(set) var heldFrom: [Key: (source: PeerAddress, heardAt: UInt64)] = [:]
    var joined: [Key: Joined] = [:]
    var grantedSecrets: [Key: RaceSecrets] = [:]
    /// The roster of each invitation: the host's own, or the one it sent us (checked).
    var hostRosters: [UInt32: RaceRoster] = [:]
    var grantedRosters: [Key: RaceRoster] = [:]
    /// The outcome kinds (1 … 4) the host of each paired invitation signed for us.
    var signedOutcomes: [Key: Set<UInt8>] = [:]

    /// No exchange yet.
    init(keys: DeviceKeys?, capacity: Int) {
        self.keys = keys
        self.capacity = capacity
    }

    /// The host's exchange with `invitee` about `offer`, made on first use; nil without keys or room.
    mutating func hostExchange(_ offer: InvitationOffer, invitee: RunnerID) -> HostPairing? {
        guard let keys else { return nil }
        if let existing = hosted[offer.id]?[invitee] { return existing.pairing }
        guard hosted[offer.id] != nil || hosted.count < capacity else { return nil }
        let context = PairingContext(invitation: offer.id, host: offer.host.id, joiner: invitee, terms: offer.terms)
        let pairing = HostPairing(context: context, keys: keys)
        hosted[offer.id, default: [:]][invitee] = Hosted(pairing: pairing)
        return pairing
    }

    /// The secrets of the host's invitation `id`, made on first use.
    mutating func secrets(hosting id: UInt32) -> RaceSecrets {
        if let secrets = hostSecrets[id] { return secrets }
        let secrets = RaceSecrets.generate()
        hostSecrets[id] = secrets
        return secrets
    }

    /// How many invitations one source address may have held at once (64 forged invitations
    /// naming a joiner filled its table for good, and the real one was never seen).
    static let heldPerSource = 2
    /// How long a held invitation lasts without being heard again (µs): a host repeats its invitation
    /// every 0.5 s until it is answered, so only a forged or abandoned one expires.
    static let heldLifetime: UInt64 = 30_000_000

    /// Keeps `datagram` (an invitation from `key.host`, heard from `source` at `now`) until its pairing
    /// completes. Invitations not heard for `heldLifetime` are forgotten first. When `source` holds
    /// `heldPerSource` others already, the one of them heard longest ago is forgotten for it (a host's
    /// next invitation always gets in after its last ones ended; a flood from one address only cycles
    /// its own places); a full table forgets the one heard longest ago. True when one of `source`'s own
    /// was forgotten for it.
    mutating func hold(_ datagram: SyncDatagram, as key: Key, from source: PeerAddress, now: UInt64) -> Bool {
        for (other, entry) in heldFrom where now > entry.heardAt && now - entry.heardAt > Self.heldLifetime {
            forgetHeld(other)
        }
        var displaced = false
        if heldFrom[key] == nil {
            let fromSource = heldFrom.filter { $0.value.source == source }
            if fromSource.count >= Self.heldPerSource, let oldest = fromSource.min(by: { $0.value.heardAt < $1.value.heardAt })?.key {
                forgetHeld(oldest)
                displaced = true
            }
            if held.count >= capacity, let oldest = heldFrom.min(by: { $0.value.heardAt < $1.value.heardAt })?.key { forgetHeld(oldest) }
        }
        held[key] = datagram
        heldFrom[key] = (source, now)
        return displaced
    }

    /// Forgets a held invitation, and its exchange unless it completed (a shown invitation stays answerable).
    private mutating func forgetHeld(_ key: Key) {
        held[key] = nil
        heldFrom[key] = nil
        if joined[key]?.session == nil { joined[key] = nil }
    }

    /// The roster of invitation `id`, hosted or sent to us.
    func roster(invitation id: UInt32) -> RaceRoster? {
        hostRosters[id] ?? grantedRosters.first { $0.key.invitation == id }?.value
    }

    /// The host identity of invitation `id`: ours when we host it, else the one its pairing completed with.
    func host(invitation id: UInt32) -> MateIdentity? {
        if hostSecrets[id] != nil { return keys?.identity }
        return joined.first { $0.key.invitation == id }?.value.session?.mate
    }

    /// The terms of invitation `id`, hosted or joined.
    func terms(invitation id: UInt32) -> RaceTerms? {
        hosted[id]?.values.first?.pairing.context.terms ?? joined.first { $0.key.invitation == id }?.value.pairing.context.terms
    }

    /// The race secrets of invitation `id`, hosted or granted to us.
    func raceSecrets(invitation id: UInt32) -> RaceSecrets? {
        hostSecrets[id] ?? grantedSecrets.first { $0.key.invitation == id }?.value
    }
}
