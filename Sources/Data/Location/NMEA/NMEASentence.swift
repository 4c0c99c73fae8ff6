/// One NMEA 0183 sentence, `$TTSSS,f1,f2,...*HH`, with its checksum verified.
public struct NMEASentence: Sendable, Equatable {
    /// The talker and sentence id, e.g. `GPGGA` (the type is its last three letters).
    public var address: String
    /// The comma-separated fields after the address.
    public var fields: [Substring]

    /// The sentence type without the talker: `GGA`, `RMC`, ...
    public var type: Substring { address.suffix(3) }

    /// The longest sentence accepted; NMEA 0183 allows 82 characters, receivers emit a little more.
    public static let maximumLength = 256

    /// Parses one line (trailing CR/LF allowed). Throws `.badChecksum` when `*HH` does not match and
    /// `.malformed` when the line is not a sentence at all; a sentence without a checksum is malformed too.
    public init(line: Substring) throws(NMEASentenceError) {
        var text = line
        while let last = text.last, last == "\r" || last == "\n" { text.removeLast() }
        guard text.utf8.count <= Self.maximumLength else { throw .oversized }
        guard let first = text.first, first == "$" || first == "!" else { throw .malformed }
        guard let star = text.lastIndex(of: "*") else { throw .malformed }
        let body = text[text.index(after: text.startIndex)..<star]
        let checksumText = text[text.index(after: star)...]
        guard checksumText.count == 2, let expected = UInt8(checksumText, radix: 16) else { throw .malformed }
        var computed: UInt8 = 0
        for byte in body.utf8 { computed ^= byte }
        guard computed == expected else { throw .badChecksum }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard let head = parts.first, head.count >= 5, head.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw .malformed
        }
        address = String(head)
        fields = Array(parts.dropFirst())
    }

    /// The field at `index`, or nil when it is missing or empty.
    public subscript(field index: Int) -> Substring? {
        guard index < fields.count, !fields[index].isEmpty else { return nil }
        return fields[index]
    }

    /// The XOR checksum of a sentence body (between `$` and `*`), as NMEA 0183 defines it.
    public static func checksum(of body: some StringProtocol) -> UInt8 {
        body.utf8.reduce(0) { $0 ^ $1 }
    }
}

/// Why a line is not a usable NMEA sentence.
public enum NMEASentenceError: Error, Equatable {
    /// The `*HH` checksum does not match the XOR of the sentence.
    case badChecksum
    /// Not `$ADDRESS,...*HH` (garbage, truncated, no checksum).
    case malformed
    /// Longer than `NMEASentence.maximumLength`.
    case oversized

    /// The statistics bucket this error is counted in.
    public var skip: PositionSkip {
        switch self {
        case .badChecksum: .badChecksum
        case .malformed: .malformed
        case .oversized: .oversized
        }
    }
}
