import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// One `SecretFile` rewritten often (a runner's own state, up to twice a second), in place: each write is
/// one `pwrite` of the whole contents at the start of the file, padded with spaces to the file's length
/// (JSON allows trailing white space), so that a process killed at any moment leaves the old contents or
/// the new, never half. No temporary file, rename or new inode a write: on ext4 a rename over a file
/// writes the new one out at once and frees the old one's blocks, which was most of a racing runner's
/// kernel time and a block write to the SD card of a board twice a second; in place the page is written
/// back with the others. The file is opened for each write (made 0600 when missing, its mode set again
/// when it is not 0600); when it cannot be (its folder removed), the write goes through
/// `SecretFile.write`, which makes the folder. Not thread-safe: its owner serializes the writes.
struct SecretFileRewriter: Sendable {
    let file: SecretFile
    private let path: String

    init(_ file: SecretFile) {
        self.file = file
        path = file.path
    }

    /// Replaces the contents with `data` (and spaces up to the file's length), mode 0600, whole or not at all.
    func write(_ data: Data) throws(IdentityStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try file.write(data) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure() }
        if UInt32(status.st_mode) & 0o777 != 0o600, fchmod(descriptor, 0o600) != 0 { throw failure() }
        var contents = [UInt8](data)
        if Int(status.st_size) > contents.count {
            contents.append(contentsOf: repeatElement(UInt8(ascii: " "), count: Int(status.st_size) - contents.count))
        }
        var offset = 0
        while offset < contents.count {
            let count = contents.withUnsafeBytes { bytes in
                pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(offset))
            }
            if count > 0 { offset += count } else if count < 0, errno == EINTR { continue } else { throw failure() }
        }
    }

    /// The error of the system call that just failed.
    private func failure() -> IdentityStoreError {
        .unusable(path: path, reason: String(cString: strerror(errno)))
    }
}
