/// The secret in the control address (`/control/TOKEN`): 128 random bits as 32 hex digits, drawn
/// from the system's generator, so that only whoever saw the terminal (or scanned its QR code) can
/// control the run. Compared in constant time.
public struct ControlToken: Sendable, Equatable {
    public let text: String

    /// A new random token.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(bytes: (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The token of these bytes (tests).
    public init(bytes: [UInt8]) {
        text = bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
    }

    /// Whether `candidate` is this token, in time that depends only on the token's length: every byte
    /// of it is compared, and the lengths in full (a candidate 256 bytes longer is not the token).
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt(bitPattern: expected.count ^ given.count)
        for index in expected.indices {
            difference |= UInt(expected[index] ^ (index < given.count ? given[index] : 0))
        }
        return difference == 0
    }
}
