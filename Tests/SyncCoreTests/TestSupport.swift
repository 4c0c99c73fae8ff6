import Domain
import Foundation
@testable import SyncCore
import SyncWire

extension PeerState {
    /// A peer booted now on the wall clock, as `UDPRaceSyncRepository` makes one: for the tests to which
    /// the boot epoch does not matter (the core itself reads no clock: its init takes the epoch).
    init(key: RaceKey?, capacity: Int, identity: DeviceKeys? = nil) {
        self.init(key: key, capacity: capacity, identity: identity, epoch: SyncClocks.microseconds(of: Date()))
    }

    /// A peer booted at `epoch` whose cookies come from a generator seeded with it.
    init(key: RaceKey?, capacity: Int, identity: DeviceKeys? = nil, epoch: UInt64) {
        self.init(key: key, capacity: capacity, identity: identity, epoch: epoch, cookies: SplitMix64(seed: epoch))
    }
}

extension SyncClocks {
    /// The real wall clock, for the tests that race against it (the core takes whatever clock it is given).
    init() {
        self.init(microseconds: { SyncClocks.microseconds(of: Date()) })
    }

    /// The real wall clock's microseconds since 1970.
    static func wallMicroseconds() -> UInt64 {
        microseconds(of: Date())
    }
}

extension PeerState {
    /// The runner directory admission holds (`Admission.directory`), as the attack tests read it.
    var directory: RunnerDirectory { admission.directory }
    /// The peer table admission holds (`Admission.table`).
    var table: PeerTable { admission.table }
}
