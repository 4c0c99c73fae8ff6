import Foundation
import MateRunnerTesting
import Testing

/// materunner started through PATH (argv[0] = "materunner") from a directory holding planted libraries,
/// one disguised as the text front-end: before the fix the search path was built from that relative
/// argv[0], i.e. the current directory, and `frontends` dlopened every lib*.so it found.
@Suite("End to end: libraries planted in the current directory")
struct PlantedFrontEndTests {
    /// Builds Tests/FrontEndTests/CPlugins/planted.c into `library`, writing to `marker` when loaded.
    private static func plant(_ library: URL, marker: URL, entry: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-I", Fixtures.packageRoot.appendingPathComponent("Sources/FrontEndABI/include").path,
            "-DPLANTED_MARKER=\"\(marker.path)\""] + (entry ? ["-DPLANTED_ENTRY"] : [])
            + ["-o", library.path, Fixtures.packageRoot.appendingPathComponent("Tests/FrontEndTests/CPlugins/planted.c").path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("cc could not build planted.c") }
    }

    /// `materunner ARGUMENTS` found through PATH, run in `directory`.
    private static func runThroughPath(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let (out, err) = (directory.appendingPathComponent("out.txt"), directory.appendingPathComponent("err.txt"))
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["materunner"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = BuildProducts.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment.removeValue(forKey: "MATERUNNER_FRONTEND_PATH")
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    @Test("through PATH from a folder with planted libs: frontends lists and loads only the build folder's; no constructor runs")
    func plantedLibrariesAreIgnored() throws {
        _ = try BuildProducts.materunner()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-planted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("constructor-ran")
        try Self.plant(directory.appendingPathComponent("libTextFrontEnd.so"), marker: marker, entry: true)
        try Self.plant(directory.appendingPathComponent("libevil.so"), marker: marker, entry: false)

        let listing = try Self.runThroughPath(["frontends"], in: directory)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(!listing.stdout.contains(directory.path), "the current directory is searched: \(listing.stdout)")
        #expect(listing.stdout.contains("  \(BuildProducts.directory.resolvingSymlinksInPath().path)\n"), "\(listing.stdout)")

        let text = try Self.runThroughPath(["frontends", "text"], in: directory)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("text 0.2.0 (ABI 1)  \(BuildProducts.directory.resolvingSymlinksInPath().path)/libTextFrontEnd.so"), "\(text.stdout)")

        let evil = try Self.runThroughPath(["frontends", "evil"], in: directory)
        #expect(evil.status == 64)
        #expect(evil.stdout.contains("front-end 'evil' not found"), "\(evil.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "a planted library's constructor ran")
    }
}
