import Domain

/// What the running screen says, during the race, about datagrams refused as signs of forgery: for
/// each runner and address whose count grew since the last look, one line with the growth
/// (`12 datagrams about bob from 10.0.0.9 refused: address-mismatch 12`). Looked at once per
/// `interval` at most, so an attack makes one line per runner and address per interval, never a flood.
public struct RefusalNotices: Sendable {
    /// The least real time between two looks at the counts.
    public static let interval: Duration = .seconds(5)

    private struct Key: Hashable {
        let subject: RefusedDatagrams.Subject
        let source: String
    }

    /// The counts already said, by runner and address, then by reason.
    private var said: [Key: [String: Int]] = [:]

    /// Nothing said yet.
    public init() {}

    /// The lines for what grew in `refused` (counts since the run started) since the last call.
    public mutating func notices(for refused: [RefusedDatagrams]) -> [String] {
        refused.compactMap { tally in
            let key = Key(subject: tally.subject, source: tally.source)
            let before = said[key, default: [:]]
            let grown = tally.reasons.compactMap { reason, count -> (String, Int)? in
                let growth = count - before[reason, default: 0]
                return growth > 0 ? (reason, growth) : nil
            }
            guard !grown.isEmpty else { return nil }
            said[key] = tally.reasons
            let total = grown.reduce(0) { $0 + $1.1 }
            let reasons = grown.sorted { ($1.1, $0.0) < ($0.1, $1.0) }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            return "\(total) datagram\(total == 1 ? "" : "s") about \(Self.name(tally.subject)) from \(tally.source) refused: \(reasons)"
        }
    }

    private static func name(_ subject: RefusedDatagrams.Subject) -> String {
        switch subject {
        case .you: "you"
        case .runner(let name): name
        case .unknown: "runners not in this race"
        }
    }
}
