import Domain
import SyncWire

/// A spectator's side of the watch exchange (docs/PROTOCOL.md, "Spectators"): its signed request, the
/// runners it paired with (the only ones whose grant it takes), the grant it took, and who refused it.
/// Pure state under the peer state's lock.
package struct SpectatorAdmission: Sendable {
    /// A grant taken: from which runner, for which invitation, and the host whose roster to expect.
    struct Granted: Sendable {
        let runner: RunnerID
        let identity: MateIdentity
        let host: MateIdentity
        let invitation: UInt32
    }

    /// The request and the ephemeral key behind it.
    let watch: SpectatorWatch
    /// This device's keys (an `InvitedRace` needs them; a spectator signs nothing with them).
    let keys: DeviceKeys
    /// The identities whose grants count: this device's paired mates.
    let mates: [MateIdentity]
    /// The grant taken, once one opened from a paired runner.
    var granted: Granted?
    /// Runners that said they are not paired with this device (at most 64 kept).
    var refusedBy: Set<RunnerID> = []
    /// Grants that opened but came from a runner this device is not paired with.
    var strangerGrants = 0
    /// Progress was applied without any grant: an open or passphrase race, no request needed.
    var heardOpenRace = false
    /// The host's roster for our grant checked: the spectator follows the race.
    var admitted = false

    /// Whether requests are still due: not admitted yet (the granting runner sends the roster in answer to
    /// a request from our validated address) and no open race heard.
    var isRequesting: Bool { !admitted && !heardOpenRace }

    /// Whether no runner admitted us and at least one said why (or granted while not paired).
    package var isRefused: Bool { granted == nil && (!refusedBy.isEmpty || strangerGrants > 0) }

    /// Whether `identity` is a paired mate of this device.
    func isMate(_ identity: MateIdentity) -> Bool {
        mates.contains { $0.isSameDevice(as: identity) }
    }
}
