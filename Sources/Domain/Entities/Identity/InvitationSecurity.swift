/// What a joiner knows of an invitation's host once the pairing exchange is done (docs/DOMAIN.md,
/// "Pairing"): the identity that signed it, the 6-digit code both screens show, and, when that identity
/// is a known mate, the name it was paired under (then there is nothing to compare).
public struct InvitationSecurity: Sendable, Hashable {
    /// The host's identity, as its signature proved.
    public var hostIdentity: MateIdentity
    /// The code to compare with the host's screen.
    public var code: String
    /// The known mate's name when the host's identity is paired with this device; nil otherwise.
    public var pairedAs: String?

    /// An invitation's security, not yet looked up among the known mates.
    public init(hostIdentity: MateIdentity, code: String, pairedAs: String? = nil) {
        self.hostIdentity = hostIdentity
        self.code = code
        self.pairedAs = pairedAs
    }

    /// Whether the host's identity is paired with this device.
    public var isPaired: Bool { pairedAs != nil }
}
