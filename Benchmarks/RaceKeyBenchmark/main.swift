import Foundation
import SyncWire

/// `swift run --package-path Benchmarks -c release RaceKeyBenchmark [COUNT]`: how long stretching one passphrase into a race key
/// takes at the protocol's scrypt cost (`ScryptCost.standard`), as materunner does once per run. Prints
/// the best, median and worst of COUNT derivations (default 10) and what that means for a guesser.
let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init).map { max(1, $0) } ?? 10
let cost = ScryptCost.standard
var seconds: [Double] = []
for index in 0..<count {
    let start = ContinuousClock.now
    do {
        _ = try RaceKey(passphrase: "benchmark passphrase \(index)", raceID: RaceKey.defaultRaceID())
    } catch {
        print("derivation failed: \(error)")
        exit(1)
    }
    let elapsed = ContinuousClock.now - start
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
seconds.sort()
let median = seconds[seconds.count / 2]
func ms(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }
print("scrypt \(cost), \(cost.memoryBytes / (1 << 20)) MiB, 32-byte key, \(count) derivations on one core")
print("best \(ms(seconds[0])), median \(ms(median)), worst \(ms(seconds[seconds.count - 1]))")
print(String(format: "a guesser on this machine: about %.0f passphrases per second per core", 1 / median))
