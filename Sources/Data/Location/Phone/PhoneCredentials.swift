import Foundation

/// What a runner's phone proves itself with, kept in the data folder (`phone-credentials.json`, mode
/// 0600) and made at random on first use, so the phone set up once (`PhoneSetupLink`) keeps working.
/// OwnTracks sends `user` and `password` with HTTP Basic auth and encrypts with `encryptionKey`.
/// Traccar Client cannot send Basic auth: it posts to a URL whose path holds `token`, with `device` as
/// its `id`; both must match.
public struct PhoneCredentials: Sendable, Equatable, Codable {
    /// OwnTracks' user name (its topic's USER; the app's Identification).
    public var user: String
    public var password: String
    /// OwnTracks' payload encryption secret (at most 32 bytes count), used with `:encrypted`.
    public var encryptionKey: String
    /// Traccar Client's device identifier.
    public var device: String
    /// The secret in Traccar Client's server URL path.
    public var token: String

    public init(user: String, password: String, encryptionKey: String, device: String, token: String) {
        self.user = user
        self.password = password
        self.encryptionKey = encryptionKey
        self.device = device
        self.token = token
    }

    /// New credentials: user `runner`, 128-bit random secrets in base64url (22 characters; the key 32),
    /// a device id of 8 digits.
    public static func random() -> PhoneCredentials {
        PhoneCredentials(
            user: "runner", password: secret(bytes: 16), encryptionKey: secret(bytes: 24),
            device: String(UInt32.random(in: 10_000_000...99_999_999)),
            token: secret(bytes: 16)
        )
    }

    private static func secret(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        )
        .replacingOccurrences(of: "=", with: "")
    }
}

extension PhoneCredentials {
    /// Whether `given` equals `expected`, in time that does not depend on where they differ.
    static func matches(_ given: some StringProtocol, _ expected: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(expected.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }

    /// Whether an `Authorization` header carries this user and password (HTTP Basic).
    func authorizes(basic header: String?) -> Bool {
        guard let header, header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return false }
        let userMatches = Self.matches(text[..<colon], user)
        let passwordMatches = Self.matches(text[text.index(after: colon)...], password)
        return userMatches && passwordMatches
    }
}
