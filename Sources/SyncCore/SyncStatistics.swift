import Domain
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
    /// Datagrams that failed authentication and were a spectator's (a presence saying "watching" or a
    /// watch request: `SyncDatagramCodec.isSpectators`), by source address: a spectator not admitted
    /// yet, not a runner with another race key. Bounded as `authenticationFailures` is.
    public var spectatorAuthenticationFailures: [String: Int] = [:]
    /// Of `datagramsSent`, the address challenges and echoes (docs/PROTOCOL.md, "Address validation").
    public var addressValidationSent = 0
    /// Their bytes, part of `bytesSent`.
    public var addressValidationBytes = 0
    /// Datagrams we did not send, by reason: `unvalidated-address` (the address has not echoed our
    /// cookie), `answer-limit` (more answers than invitations received), `cheer-rate` (our cheers beyond the rate).
    public var withheld: [String: Int] = [:]
    /// Datagrams sent to the race's multicast group (part of `datagramsSent`).
    public var groupSent = 0
    /// Datagrams written to the socket, by message type (counted by the type's value, no name made per
    /// send); the group's share of each in `groupSentByMessageType`. Where a race's datagrams go, for
    /// the end-of-run summary.
    public var sentByMessageType = MessageTypeCounts()
    /// Of `sentByMessageType`, those written to the race's multicast group.
    public var groupSentByMessageType = MessageTypeCounts()
    /// `sentByMessageType` by message type name (`MessageType.name`, `other` for bytes naming none).
    public var sentByType: [String: Int] { sentByMessageType.byName }
    /// `groupSentByMessageType` by message type name.
    public var groupSentByType: [String: Int] { groupSentByMessageType.byName }
    /// Datagrams read on the multicast group, valid or not (part of `datagramsReceived`).
    public var groupReceived = 0
    /// Valid datagrams this build decodes but does not act on yet (cheers, clock pongs), by type name.
    public var received: [String: Int] = [:]
    /// Refusals that point to a forgery (`isForgerySign`), by the runner the datagram claimed and the host
    /// it came from, then by reason: what the running screen says during the race. Bounded as
    /// `authenticationFailures` is: the hosts beyond `failureSources` are counted under `otherSources`.
    public var refusedAbout: [RefusedDatagrams.Subject: [String: [String: Int]]] = [:]

    /// No traffic yet.
    public init() {}

    /// All dropped datagrams.
    public var droppedTotal: Int { dropped.values.reduce(0, +) }

    /// The most source addresses `authenticationFailures` names; the failures of any further address
    /// are counted under `otherSources`, so spoofed sources cannot grow it.
    public static let failureSources = 16
    /// The key of `authenticationFailures` for every address beyond the first `failureSources`.
    public static let otherSources = "other addresses"

    /// Counts a drop by reason, and an authentication failure by `source` too: a `spectator`'s apart.
    mutating func recordDrop(_ error: DatagramError, from source: String, spectator: Bool = false) {
        dropped[error.reason, default: 0] += 1
        switch error {
        case .missingTag, .unexpectedTag, .badTag:
            if spectator {
                Self.count(source, in: &spectatorAuthenticationFailures)
            } else {
                Self.count(source, in: &authenticationFailures)
            }
        default: break
        }
    }

    /// One more for `source` in `failures`, under `otherSources` once `failureSources` addresses are named.
    private static func count(_ source: String, in failures: inout [String: Int]) {
        let named = failures[source] != nil || failures.keys.filter({ $0 != otherSources }).count < failureSources
        failures[named ? source : otherSources, default: 0] += 1
    }

    /// Counts one datagram written to the socket (to the multicast group when `toGroup`), by the type
    /// its header names.
    mutating func countSent(_ bytes: [UInt8], toGroup: Bool) {
        datagramsSent += 1
        bytesSent += bytes.count
        let type = MessageType(encoded: bytes)
        sentByMessageType.count(type)
        if toGroup { groupSentByMessageType.count(type) }
    }

    /// The summary's line of what was sent by type, most first (`progress 40 (20 to the group), hello
    /// 8`); nil when nothing was sent. The only place the counters' names are made.
    public var sentByTypeLine: String? {
        guard !sentByMessageType.isEmpty else { return nil }
        let (sent, group) = (sentByType, groupSentByType)
        let byType = sent.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { type, count in
            let toGroup = group[type] ?? 0
            return "\(type) \(count)" + (toGroup > 0 ? " (\(toGroup) to the group)" : "")
        }
        return "sent by type: \(byType.joined(separator: ", "))"
    }

    /// Counts a datagram refused by a rule of the peer, by reason.
    mutating func recordRefusal(_ refusal: PeerRefusal) {
        dropped[refusal.reason, default: 0] += 1
    }

    /// Counts a refusal that points to a forgery under the runner `subject` the datagram claimed and
    /// the host `source` it came from (the drop itself is counted by `recordDrop` or `recordRefusal`).
    mutating func recordForgery(_ reason: String, about subject: RefusedDatagrams.Subject, from source: String) {
        var sources = refusedAbout[subject, default: [:]]
        let hosts = Set(refusedAbout.values.flatMap(\.keys)).subtracting([Self.otherSources])
        let named = hosts.contains(source) || hosts.count < Self.failureSources
        sources[named ? source : Self.otherSources, default: [:]][reason, default: 0] += 1
        refusedAbout[subject] = sources
    }

    /// `refusedAbout` as the running screen takes it: one entry per runner and host, the runners'
    /// order, then the hosts'.
    public var refusedDatagrams: [RefusedDatagrams] {
        refusedAbout.sorted { $0.key < $1.key }.flatMap { subject, sources in
            sources.sorted { $0.key < $1.key }.map { RefusedDatagrams(subject: subject, source: $0.key, reasons: $0.value) }
        }
    }

    /// One line per source whose datagrams failed authentication, saying what to do; a spectator's
    /// are named as such (nothing is wrong with the race key), after the runners'.
    public var authenticationWarnings: [String] {
        authenticationFailures.sorted { $0.key < $1.key }.map { source, count in
            "\(count) datagram\(count == 1 ? "" : "s") from \(source) failed authentication: "
                + "check every runner uses the same race key and race id (--race-id), or none"
        } + spectatorAuthenticationFailures.sorted { $0.key < $1.key }.map { source, count in
            "a spectator at \(source) asked to watch without this race's key (\(count) datagram\(count == 1 ? "" : "s")"
                + " dropped; the race key is not at fault): a spectator sees an invited race once a runner it is paired"
                + " with admits it (`materunner mates add` on both devices); a stranger is never admitted"
        }
    }
}
