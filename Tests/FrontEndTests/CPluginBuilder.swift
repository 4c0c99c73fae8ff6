import Foundation
import MateRunnerTesting

/// Builds the small C front-ends in CPlugins/ with the system C compiler, against the ABI header alone.
enum CPluginBuilder {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CPlugins")
    static let header = Fixtures.packageRoot.appendingPathComponent("Sources/FrontEndABI/include")

    /// Compiles `name.c` (with `defines`, e.g. `-DPLANTED_ENTRY`) into `lib<name>.so` in a fresh
    /// temporary folder and returns its path.
    static func build(_ name: String, defines: [String] = []) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-cplugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent("lib\(name).so").path
        let arguments = ["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", header.path] + defines
            + ["-o", library, sources.appendingPathComponent("\(name).c").path]
        let compiled = try await runTool(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        guard compiled.status == 0 else { throw CompileFailed(name: name) }
        return library
    }
}

struct CompileFailed: Error, CustomStringConvertible {
    let name: String
    var description: String { "cc could not build \(name).c: is a C compiler installed?" }
}
