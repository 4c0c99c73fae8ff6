import Foundation

/// Loads a race key from a file, the environment or the command line (in this order of preference).
extension RaceKey {
    /// The key from the first line of `path` (a trailing newline is not part of it).
    public static func contentsOf(file path: String) throws(RaceKeyError) -> RaceKey {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return try RaceKey(passphrase: line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }
}
