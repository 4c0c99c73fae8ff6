import Foundation
import MateRunnerTesting

/// Builds examples/c-frontend with its own Makefile, as a third party would, into a fresh folder.
enum CExampleBuilder {
    static let folder = Fixtures.packageRoot.appendingPathComponent("examples/c-frontend")

    /// Runs `make OUT=<temporary folder>` and returns the path of the built libticker.so.
    static func build() async throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-ticker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let make = try await runTool(env, ["make", "-s", "-C", folder.path, "OUT=\(out.path)"])
        guard make.status == 0 else { throw CompileFailed(name: "examples/c-frontend/ticker") }
        return out.appendingPathComponent("libticker.so").path
    }
}
