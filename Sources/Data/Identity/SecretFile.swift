import Foundation

/// A small file only its owner may read (mode 0600) in a folder made 0700: written whole to a temporary
/// file and renamed over the old one (a crash leaves the old or the new, never half), and refused on
/// reading when other users could read it.
struct SecretFile: Sendable {
    /// Where it is.
    let url: URL

    var path: String { url.path }

    /// The contents, or nil when there is no file yet.
    func read() throws(IdentityStoreError) -> Data? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return nil }
        let attributes: [FileAttributeKey: Any]
        do { attributes = try manager.attributesOfItem(atPath: path) } catch {
            throw .unusable(path: path, reason: error.localizedDescription)
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw .tooOpen(path: path, mode: mode & 0o777)
        }
        do { return try Data(contentsOf: url) } catch {
            throw .unusable(path: path, reason: error.localizedDescription)
        }
    }

    /// Replaces the contents with `data`, mode 0600.
    func write(_ data: Data) throws(IdentityStoreError) {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            // createFile honours the umask on some systems: set the mode again before it holds the name.
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
            if rename(temporary.path, path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? manager.removeItem(at: temporary)
            throw .unusable(path: path, reason: error.localizedDescription)
        }
    }
}

extension SecretFile {
    /// The first line of a file given for a secret (`--race-key-file`, `--broker-password-file`), without
    /// its line break (LF, CRLF or CR). Throws the reading's own error, whose `localizedDescription` says
    /// why the file could not be read.
    static func firstLine(of path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // "\r\n" is one Character in Swift, and a line break like "\n".
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
        return String(line ?? "")
    }

    /// One line saying what to do when the group or other users may read or write the secret file at
    /// `path`, called `what` (its mode has any of the bits 077), e.g. `the race key file race.key can be
    /// read by other users (mode 0644): run chmod 600 race.key`; nil when only its owner can, or when it
    /// cannot be examined (reading it then fails with its own message).
    static func permissionWarning(forFile path: String, naming what: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let mode = UInt32(status.st_mode) & 0o777
        guard mode & 0o077 != 0 else { return nil }
        let who = mode & 0o044 != 0 ? "read" : "changed"
        return "\(what) \(path) can be \(who) by other users (mode 0\(String(mode, radix: 8))): run chmod 600 \(path)"
    }
}
