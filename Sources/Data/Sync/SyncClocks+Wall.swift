import Foundation
import SyncCore

/// The real wall clock, the one a running peer's steps read (the sync core reads none of its own).
extension SyncClocks {
    /// The real wall clock.
    init() {
        self.init(microseconds: SyncClocks.wallMicroseconds)
    }

    /// The real wall clock, in whole microseconds since 1970 (0 for a clock set before 1970).
    static func wallMicroseconds() -> UInt64 {
        microseconds(of: Date())
    }
}
