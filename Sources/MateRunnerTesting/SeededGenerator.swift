import Domain

/// A deterministic random number generator for shuffles and samples that a seed reproduces (the
/// order-independence properties, fuzzing by hand): Domain's SplitMix64, the simulator's own.
public typealias SeededGenerator = SplitMix64
