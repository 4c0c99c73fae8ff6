import Foundation

/// Where `swift build` put the products the end-to-end tests run: the folder of this test binary,
/// or `$MATERUNNER_BUILD_DIR`.
public enum BuildProducts {
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["MATERUNNER_BUILD_DIR"] {
            return URL(fileURLWithPath: override)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // On macOS the tests live inside a .xctest bundle: .../debug/X.xctest/Contents/MacOS/X.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// The `materunner` executable; fails with the fix when it was not built.
    public static func materunner() throws -> URL {
        try product("materunner")
    }

    /// A shipped front-end library by module name, e.g. `TextFrontEnd`.
    public static func frontEndLibrary(_ module: String) throws -> URL {
        #if os(macOS)
        try product("lib\(module).dylib")
        #else
        try product("lib\(module).so")
        #endif
    }

    private static func product(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw BuildProductMissing(path: url.path) }
        return url
    }
}

public struct BuildProductMissing: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is missing: run `swift build` before `swift test` (scripts/test does both)" }
}
