import Foundation

/// Where MateRunner keeps its files: `$XDG_DATA_HOME/materunner`, by default `~/.local/share/materunner`.
/// Only its owner may read them: the directory is created 0700 and the records files 0600
/// (docs/RECORDS.md, "Permissions").
public enum DataDirectory {
    /// The directory for `environment` (the process environment by default); `override` (from
    /// `--data-dir`) wins when given.
    public static func resolve(override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override, !override.isEmpty { return URL(fileURLWithPath: override, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("materunner", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/materunner", isDirectory: true)
    }

    // MARK: Permissions

    /// Creates `directory` (and its parents) if needed, itself with mode 0700. An existing directory
    /// that others may enter is left as it is (it may be one the person chose and shares, e.g. with
    /// `--data-dir`) and gets a warning saying what to run; the warnings are returned.
    static func prepare(_ directory: URL) throws -> [String] {
        let path = directory.path
        if let mode = mode(of: path) {
            guard mode & 0o077 != 0 else { return [] }
            return ["the records directory \(path) can be entered by other users (mode 0\(String(mode, radix: 8))): run chmod 700 \(path)"]
        }
        try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedFailureReasonErrorKey: String(cString: strerror(errno))])
        }
        return []
    }

    /// Creates the file at `path` with mode 0600 if it does not exist; tightens an existing one that
    /// others may read or write to 0600 (the records files are ours) and says so in the returned line.
    static func secureFile(_ path: String, create: Bool) -> String? {
        if create, mode(of: path) == nil {
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        guard let mode = mode(of: path), mode & 0o077 != 0 else { return nil }
        guard chmod(path, 0o600) == 0 else {
            return "the records file \(path) can be read by other users (mode 0\(String(mode, radix: 8))) and could not be changed: run chmod 600 \(path)"
        }
        return "the records file \(path) could be read by other users (mode 0\(String(mode, radix: 8))): tightened to 0600"
    }

    /// The permission bits of `path`, or nil when it does not exist.
    static func mode(of path: String) -> UInt32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o777
    }
}
