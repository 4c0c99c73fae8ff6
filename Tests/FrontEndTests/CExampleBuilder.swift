import Foundation
import MateRunnerTesting

/// Builds examples/c-frontend with its own Makefile, as a third party would, into a fresh folder.
enum CExampleBuilder {
    static let folder = Fixtures.packageRoot.appendingPathComponent("examples/c-frontend")

    /// Runs `make OUT=<temporary folder>` and returns the path of the built libticker.so.
    static func build() throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-ticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-s", "-C", folder.path, "OUT=\(out.path)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CompileFailed(name: "examples/c-frontend/ticker") }
        return out.appendingPathComponent("libticker.so").path
    }
}
