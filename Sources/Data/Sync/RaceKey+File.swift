import Foundation
import SyncWire

// MARK: Loading

/// Reading the passphrase from a key file, so that it stays out of the shell history.
extension RaceKey {
    /// The key from the first line of `path` (its line break is not part of it).
    public static func contentsOf(file path: String) throws(RaceKeyError) -> RaceKey {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        // "\r\n" is one Character in Swift, and a line break like "\n".
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        return try RaceKey(passphrase: String(line))
    }
}
