/// DNS-SD TXT record data (RFC 6763 §6): a sequence of length-prefixed `key=value` strings.
public enum TXTRecord {
    /// Encodes pairs, sorted by key; each string is cut to 255 bytes.
    public static func encode(_ pairs: [String: String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for key in pairs.keys.sorted() {
            let entry = Array("\(key)=\(pairs[key] ?? "")".utf8.prefix(255))
            bytes.append(UInt8(entry.count))
            bytes.append(contentsOf: entry)
        }
        return bytes
    }

    /// Decodes what it can; a malformed tail is ignored, keys are lowercased, the first of a
    /// repeated key wins (RFC 6763 §6.4).
    public static func decode(_ bytes: [UInt8]) -> [String: String] {
        var pairs: [String: String] = [:]
        var index = 0
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1
            guard length > 0, index + length <= bytes.count else { break }
            let entry = String(decoding: bytes[index..<index + length], as: UTF8.self)
            index += length
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts.first, !key.isEmpty else { continue }
            let name = key.lowercased()
            if pairs[name] == nil { pairs[name] = parts.count > 1 ? String(parts[1]) : "" }
        }
        return pairs
    }
}
