import SyncWire

/// What the sync repository has sent, received and dropped; every drop is counted by reason.
public struct SyncStatistics: Sendable, Equatable {
    /// Datagrams written to the socket, of every type.
    public var datagramsSent = 0
    /// Their bytes (UDP payload).
    public var bytesSent = 0
    /// Datagrams read from the socket, valid or not.
    public var datagramsReceived = 0
    /// Sends the socket refused, and ICMP errors it reported.
    public var sendFailures = 0
    /// Dropped datagrams by `DatagramError.reason`.
    public var dropped: [String: Int] = [:]
    /// Datagrams that failed authentication (`missing-tag`, `unexpected-tag`, `bad-tag`), by source address.
    public var authenticationFailures: [String: Int] = [:]
    /// Of `datagramsSent`, the address challenges and echoes (docs/PROTOCOL.md, "Address validation").
    public var addressValidationSent = 0
    /// Their bytes, part of `bytesSent`.
    public var addressValidationBytes = 0
    /// Datagrams we did not send, by reason: `unvalidated-address` (the address has not echoed our
    /// cookie), `answer-limit` (more answers than invitations received), `cheer-rate` (our cheers beyond the rate).
    public var withheld: [String: Int] = [:]
    /// Datagrams sent to the race's multicast group (part of `datagramsSent`).
    public var groupSent = 0
    /// Datagrams written to the socket, by message type name (`MessageType.name`); the group's share of
    /// each in `groupSentByType`. Where a race's datagrams go, for the end-of-run summary.
    public var sentByType: [String: Int] = [:]
    /// Of `sentByType`, those written to the race's multicast group.
    public var groupSentByType: [String: Int] = [:]
    /// Datagrams read on the multicast group, valid or not (part of `datagramsReceived`).
    public var groupReceived = 0
    /// Valid datagrams this build decodes but does not act on yet (cheers, clock pongs), by type name.
    public var received: [String: Int] = [:]

    /// No traffic yet.
    public init() {}

    /// All dropped datagrams.
    public var droppedTotal: Int { dropped.values.reduce(0, +) }

    /// The most source addresses `authenticationFailures` names; the failures of any further address
    /// are counted under `otherSources`, so spoofed sources cannot grow it.
    public static let failureSources = 16
    /// The key of `authenticationFailures` for every address beyond the first `failureSources`.
    public static let otherSources = "other addresses"

    /// Counts a drop by reason, and an authentication failure by `source` too.
    mutating func recordDrop(_ error: DatagramError, from source: String) {
        dropped[error.reason, default: 0] += 1
        switch error {
        case .missingTag, .unexpectedTag, .badTag:
            let named = authenticationFailures[source] != nil
                || authenticationFailures.keys.filter({ $0 != Self.otherSources }).count < Self.failureSources
            authenticationFailures[named ? source : Self.otherSources, default: 0] += 1
        default: break
        }
    }

    /// Counts a datagram refused by a rule of the peer, by reason.
    mutating func recordRefusal(_ refusal: PeerRefusal) {
        dropped[refusal.reason, default: 0] += 1
    }

    /// One line per source whose datagrams failed authentication, saying what to do.
    public var authenticationWarnings: [String] {
        authenticationFailures.sorted { $0.key < $1.key }.map { source, count in
            "\(count) datagram\(count == 1 ? "" : "s") from \(source) failed authentication: "
                + "check every runner uses the same race key and race id (--race-id), or none"
        }
    }
}
