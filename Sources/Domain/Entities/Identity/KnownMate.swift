import Foundation

/// A mate this device has paired with, as ssh's known_hosts keeps hosts: the name the person saw and
/// confirmed, the identity that was behind it, and when. An invitation signed by a known identity is
/// "paired": nothing to compare; `--accept-from NAME` accepts only such an identity.
public struct KnownMate: Sendable, Hashable, Codable {
    /// The runner's name when it was paired (names are not unique; the identity is what counts).
    public var name: String
    /// Its device's public identity.
    public var identity: MateIdentity
    /// When the person confirmed the code.
    public var pairedAt: Date

    /// A known mate.
    public init(name: String, identity: MateIdentity, pairedAt: Date) {
        self.name = name
        self.identity = identity
        self.pairedAt = pairedAt
    }

    /// Whether this mate's name is `name`, case not mattering (as the lobby compares names).
    public func isNamed(_ name: String) -> Bool {
        self.name.caseInsensitiveCompare(name) == .orderedSame
    }
}
