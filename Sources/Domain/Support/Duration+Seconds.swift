extension Duration {
    /// The duration in seconds, as a floating-point number (what `TimeInterval` arithmetic wants).
    ///
    /// One division of the two durations' attoseconds as doubles: `components` divides a 128-bit integer
    /// by 10¹⁸ in software, and the race clock is read some twenty times a fix.
    public var inSeconds: Double {
        self / .seconds(1)
    }
}
