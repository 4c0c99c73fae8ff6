@testable import Data
import Domain
@testable import SyncCore
import SyncWire

extension PeerState {
    /// A peer booted now on the wall clock, as `UDPRaceSyncRepository` makes one.
    init(key: RaceKey?, capacity: Int, identity: DeviceKeys? = nil) {
        self.init(
            key: key, capacity: capacity, identity: identity, epoch: SyncClocks.wallMicroseconds(),
            cookies: SystemRandomNumberGenerator())
    }
}
