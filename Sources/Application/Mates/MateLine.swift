import Domain
import Foundation

/// One line of `materunner mates --json`: this device (`device` true) or a known mate.
struct MateLine: Encodable {
    /// Whether this line is this device itself.
    var device: Bool
    /// The mate's name (absent for this device).
    var name: String?
    var fingerprint: String
    /// The identity text (`mr1:…`), for `materunner mates add`.
    var identity: String
    /// When it was paired, ISO-8601 UTC (absent for this device).
    var pairedAt: String?

    enum CodingKeys: String, CodingKey {
        case device, name, fingerprint, identity
        case pairedAt = "paired_at"
    }

    /// This device's line.
    init(device identity: MateIdentity) {
        self.device = true
        self.name = nil
        self.fingerprint = identity.fingerprint
        self.identity = identity.text
        self.pairedAt = nil
    }

    /// A known mate's line.
    init(_ mate: KnownMate) {
        self.device = false
        self.name = mate.name
        self.fingerprint = mate.identity.fingerprint
        self.identity = mate.identity.text
        self.pairedAt = Self.date(mate.pairedAt)
    }

    /// `date` as ISO-8601 UTC, to the second.
    static func date(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `line` as one compact JSON object with sorted keys.
    static func json(_ line: MateLine) throws(FlowError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(line), as: UTF8.self) } catch {
            throw FlowError(.software, "cannot write the mates as JSON: \(error)")
        }
    }
}
