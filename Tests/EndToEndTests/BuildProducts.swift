import Foundation
import MateRunnerTesting

/// Where `swift build` put the products the end-to-end tests run: the folder of this test binary,
/// or `$MATERUNNER_BUILD_DIR`.
enum BuildProducts {
    static let directory: URL = {
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
    static func materunner() throws -> URL {
        let url = directory.appendingPathComponent("materunner")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BuildProductMissing(path: url.path)
        }
        return url
    }
}

struct BuildProductMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is missing: run `swift build` before `swift test` (scripts/test does both)" }
}
