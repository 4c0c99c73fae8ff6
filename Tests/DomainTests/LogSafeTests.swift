import Domain
import Testing

/// `LogSafe`: control characters from outside are shown, never obeyed, by a terminal or a log.
@Suite("LogSafe")
struct LogSafeTests {
    @Test("C0, ESC, DEL, C1 and bidirectional overrides are escaped visibly", arguments: [
        ("\u{1B}[2J\u{1B}]0;title\u{07}", #"\e[2J\e]0;title\u{7}"#),
        ("line\nforged: warning", #"line\nforged: warning"#),
        ("a\rb\tc\u{0}d", #"a\rb\tc\u{0}d"#),
        ("del\u{7F}", #"del\u{7F}"#),
        ("csi\u{9B}31m next\u{85}", #"csi\u{9B}31m next\u{85}"#),
        ("admin\u{202E}gnp.exe", #"admin\u{202E}gnp.exe"#),
    ])
    func escapes(raw: String, shown: String) {
        #expect(LogSafe.escape(raw) == shown)
        #expect(raw.logSafe == shown)
        #expect(!shown.unicodeScalars.contains(where: LogSafe.needsEscape))
    }

    @Test("printable text, accents, emoji (with joiners) and backslashes are kept as they are")
    func keeps() {
        for text in ["alice", "Žiga Čebašek", "🏃‍♀️ team 🚀", #"C:\path"#, "", "ümlaut · ünïcode"] {
            #expect(LogSafe.escape(text) == text)
        }
    }
}
