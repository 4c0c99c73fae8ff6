/// Strings that came from outside (gpsd's lines, DNS-SD names, peers, files) made safe to write to a
/// terminal or a log: every control character, C0 (U+0000-U+001F, ESC among them), DEL, C1
/// (U+0080-U+009F, the 8-bit CSI among them), and the bidirectional overrides that reorder what a
/// terminal shows, is written as a visible escape (`\e`, `\n`, `\u{9B}`), so a raw escape sequence can
/// neither move the cursor, retitle the window nor forge a log line. Everything else is kept.
public enum LogSafe {
    /// Bidirectional formatting characters (Trojan Source, CVE-2021-42574).
    private static let bidirectional: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    /// `text` with every character described above escaped; unchanged (and not copied) when it has none.
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{1B}": escaped += "\\e"
            default: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return escaped
    }

    /// Whether `scalar` is written escaped: a control character (C0, DEL, C1) or a bidirectional override.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidirectional.contains(scalar.value)
    }
}

extension String {
    /// This string with control characters escaped for a log or a terminal (`LogSafe.escape`).
    public var logSafe: String { LogSafe.escape(self) }
}
