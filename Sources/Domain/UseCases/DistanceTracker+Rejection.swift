extension DistanceTracker {
    /// Why a fix was not used. The raw value is the name logs and counters use.
    public enum Rejection: String, Sendable, Hashable, CaseIterable {
        /// Latitude or longitude not a number, or outside -90...90 / -180...180.
        case invalidCoordinate = "invalid-coordinate"
        /// Older than the last usable fix.
        case timeWentBackwards = "time-went-backwards"
        /// The timestamp is not a finite instant.
        case invalidTime = "invalid-time"
        /// The receiver reported no fix.
        case noFix = "no-fix"
        /// The reported horizontal accuracy is worse than the threshold, or not a number.
        case poorAccuracy = "poor-accuracy"
        /// Faster than a person can run or ride since the last usable fix (or moved in zero time).
        case impossibleSpeed = "impossible-speed"
        /// Farther than the longest step trusted from the last usable fix.
        case impossibleJump = "impossible-jump"
    }
}
