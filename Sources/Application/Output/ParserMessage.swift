/// swift-argument-parser's error messages, in the house style (`materunner: error: …`).
public enum ParserMessage {
    /// How swift-argument-parser starts an error's message.
    public static let prefix = "Error: "

    /// `message` without the parser's "Error: " wherever it stands: the problem alone, to name beside a
    /// setting's file, line and key.
    public static func problem(in message: String) -> String {
        message.replacingOccurrences(of: prefix, with: "")
    }

    /// The parser's full message (the error, then its usage lines) as our one error line and the usage
    /// lines under it, without trailing newlines; nil when the message is not the parser's own error.
    public static func houseStyle(_ fullMessage: String) -> String? {
        guard fullMessage.hasPrefix(prefix) else { return nil }
        var rest = fullMessage.dropFirst(prefix.count)
        while rest.hasSuffix("\n") { rest = rest.dropLast() }
        return "materunner: error: " + rest
    }
}
