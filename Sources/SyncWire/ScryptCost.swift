/// The cost of stretching a race passphrase with scrypt (RFC 7914): `2^logN` rounds of blocks of
/// `128 × blockSize` bytes, `parallelism` times. Every runner of a race must use the same cost, so the
/// protocol fixes one, `standard`; tests use a cheaper one to stay fast.
public struct ScryptCost: Sendable, Equatable, CustomStringConvertible {
    /// log2 of scrypt's N (CPU and memory cost).
    public var logN: Int
    /// scrypt's r (block size, in 128-byte units).
    public var blockSize: Int
    /// scrypt's p (parallelism).
    public var parallelism: Int

    /// The protocol's cost: N = 2^16, r = 8, p = 1, i.e. 64 MiB of memory and, on the reference machine
    /// (2 shared EPYC cores), a median 0.16 s per derivation in a release build, 0.5 s in a debug one
    /// (docs/BENCHMARKS.md, `swift run --package-path Benchmarks -c release RaceKeyBenchmark`): paid once per run, and by an attacker
    /// holding a datagram for every guess, on every core. A Raspberry Pi takes several times longer.
    public static let standard = ScryptCost(logN: 16, blockSize: 8, parallelism: 1)

    /// A cost of `2^logN` rounds, `blockSize` and `parallelism` (1 ≤ logN ≤ 24, 1 ≤ r ≤ 32, 1 ≤ p ≤ 16).
    public init(logN: Int, blockSize: Int, parallelism: Int) {
        self.logN = logN
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    /// scrypt's N.
    public var rounds: Int { 1 << logN }

    /// The memory one derivation needs: 128 × N × r bytes (plus 128 × r × p, negligible here).
    public var memoryBytes: Int { 128 * rounds * blockSize }

    /// Whether the parameters are within the bounds above.
    public var isValid: Bool {
        (1...24).contains(logN) && (1...32).contains(blockSize) && (1...16).contains(parallelism)
    }

    /// `N=2^15 r=8 p=1`.
    public var description: String { "N=2^\(logN) r=\(blockSize) p=\(parallelism)" }
}
