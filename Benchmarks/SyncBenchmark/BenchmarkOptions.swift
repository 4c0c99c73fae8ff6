import Foundation

/// The command line of `SyncBenchmark`: `--peers N --seconds S --hz F [--key] [--broker] [--warmup S]`.
struct BenchmarkOptions: Sendable {
    /// Peers in this process, each with its own UDP socket on 127.0.0.1 and its own race.
    var peers = 2
    /// Measured seconds, after the warm-up.
    var seconds = 30.0
    /// Seconds after the start of the run whose fixes are not measured (first allocations, lobby).
    var warmup = 3.0
    /// Fixes per second from each simulated runner.
    var hertz = 10.0
    /// Whether the race has a key (every datagram tagged with an HMAC).
    var keyed = false
    /// Whether the peers race through a mosquitto the benchmark starts on 127.0.0.1 (each peer its own
    /// MQTT connection, `MQTTTransport`) instead of each its own UDP socket.
    var broker = false

    static let usage =
        "usage: SyncBenchmark [--peers N (2...64)] [--seconds S] [--warmup S] [--hz F (1...50)] [--key] [--broker]"

    /// Parses `arguments` (without the program name); nil with a message on a bad one.
    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(_ flag: String) throws(UsageError) -> Double {
            guard let text = rest.popFirst(), let number = Double(text), number.isFinite else {
                throw UsageError(message: "\(flag) needs a number")
            }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--peers": peers = Int(try value(flag))
            case "--seconds": seconds = try value(flag)
            case "--warmup": warmup = try value(flag)
            case "--hz": hertz = try value(flag)
            case "--key": keyed = true
            case "--broker": broker = true
            default: throw UsageError(message: "unknown option \(flag)")
            }
        }
        guard (2...64).contains(peers) else { throw UsageError(message: "--peers must be 2...64") }
        guard (1...600).contains(seconds), (0...60).contains(warmup) else { throw UsageError(message: "--seconds 1...600, --warmup 0...60") }
        guard (1...50).contains(hertz) else { throw UsageError(message: "--hz must be 1...50") }
    }

    /// A bad command line.
    struct UsageError: Error {
        var message: String
    }
}
