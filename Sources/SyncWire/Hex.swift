/// Bytes as lower-case hex digits, two per byte: ids in logs, topics and file names.
public enum Hex {
    /// `bytes` as lower-case hex digits, two per byte.
    public static func lowercase(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
