import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running `materunner` executable really is, asked of the kernel rather than taken from
/// `argv[0]`: started through `PATH`, `argv[0]` is a bare name (`materunner`), and a folder built from
/// it would be the current directory, so any `lib*.so` there would be loaded as a front-end.
public enum ExecutableLocation {
    /// The executable's absolute path with symbolic links resolved, or nil when the system will not say.
    public static func current() -> String? {
        #if os(Linux)
        // The kernel's own link to the executable file, absolute and resolved.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasPrefix("/") ? path : nil
        #elseif os(macOS)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
        defer { free(resolved) }
        let path = String(cString: resolved)
        return path.hasPrefix("/") ? path : nil
        #else
        return nil
        #endif
    }

    /// The folder of `executable` if it is an absolute path, else nil (never the current directory).
    static func folder(of executable: String?) -> URL? {
        guard let executable, executable.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
