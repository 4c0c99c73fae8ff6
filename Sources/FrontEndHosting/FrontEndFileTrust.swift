import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether code may be loaded from a library file, checked before `dlopen` (which runs the library's
/// constructors): as ssh checks its key files, the file and every folder above it must be owned by
/// root or by the user running `materunner`, and writable by nobody else. A folder writable by others
/// passes only with the sticky bit (as /tmp): then nobody else can replace a file in it that they do not
/// own. Otherwise anyone who can write there could run code with this user's rights, root's on a board.
public enum FrontEndFileTrust {
    /// Nil when the library at `path` may be loaded by `user`; else why not, as a sentence.
    public static func problem(path: String, user: uid_t = geteuid()) -> String? {
        guard let real = realpath(path, nil) else {
            return "cannot resolve \(path): \(String(cString: strerror(errno)))"
        }
        let resolved = String(cString: real)
        free(real)
        var status = stat()
        guard stat(resolved, &status) == 0 else { return "cannot read \(resolved): \(String(cString: strerror(errno)))" }
        if let problem = problem(of: resolved, kind: "the library", status, user: user, stickyAllowed: false) { return problem }
        var folder = URL(fileURLWithPath: resolved).deletingLastPathComponent()
        while true {
            guard stat(folder.path, &status) == 0 else { return "cannot read \(folder.path): \(String(cString: strerror(errno)))" }
            if let problem = problem(of: folder.path, kind: "its folder", status, user: user, stickyAllowed: true) { return problem }
            if folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    private static func problem(of path: String, kind: String, _ status: stat, user: uid_t, stickyAllowed: Bool) -> String? {
        let mode = status.st_mode & 0o7777
        if status.st_uid != 0, status.st_uid != user {
            return "\(kind) \(path) belongs to \(owner(status.st_uid)), neither root nor you: a front-end runs with your rights, "
                + "so it is loaded only from files and folders of root's or yours"
        }
        let othersWrite = mode & 0o022 != 0
        let sticky = mode & 0o1000 != 0
        if othersWrite, !(stickyAllowed && sticky) {
            return "\(kind) \(path) can be written by others (mode \(String(mode, radix: 8))): a front-end runs with your rights, "
                + "so it is loaded only where no one else can change it (chmod go-w \(path))"
        }
        return nil
    }

    private static func owner(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return "\(String(cString: name)) (uid \(uid))"
    }
}
