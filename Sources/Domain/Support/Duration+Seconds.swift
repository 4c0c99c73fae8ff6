extension Duration {
    /// The duration in seconds, as a floating-point number (what `TimeInterval` arithmetic wants).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
