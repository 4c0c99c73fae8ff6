import Data

/// A deterministic random number generator for shuffles and samples that a seed reproduces (the
/// order-independence properties, fuzzing by hand): Data's SplitMix64, the simulator's own.
public typealias SeededGenerator = SplitMix64
