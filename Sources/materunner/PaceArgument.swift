import ArgumentParser

/// A pace in minutes per kilometre, written `5:30` or `5.5`.
struct PaceArgument: ExpressibleByArgument, Sendable {
    /// Seconds per kilometre.
    let secondsPerKilometre: Double

    init(secondsPerKilometre: Double) {
        self.secondsPerKilometre = secondsPerKilometre
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        let seconds: Double?
        switch parts.count {
        case 1: seconds = Double(parts[0]).map { $0 * 60 }
        case 2:
            if let minutes = Int(parts[0]), let secs = Int(parts[1]), (0..<60).contains(secs), minutes >= 0 {
                seconds = Double(minutes * 60 + secs)
            } else {
                seconds = nil
            }
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, (120...1800).contains(seconds) else { return nil }
        secondsPerKilometre = seconds
    }

    var defaultValueDescription: String {
        "\(Int(secondsPerKilometre) / 60):\(Int(secondsPerKilometre) % 60 < 10 ? "0" : "")\(Int(secondsPerKilometre) % 60)"
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
