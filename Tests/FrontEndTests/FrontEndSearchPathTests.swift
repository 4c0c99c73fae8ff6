import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// Where front-ends are looked for and what is loaded: only absolute folders, the executable's folder
/// from the kernel (never a relative argv[0], i.e. never the current directory), listing without
/// `dlopen`, and a library without the entry symbol refused before its constructors can run.
@Suite("Front-end search path: absolute folders, no loading to list")
struct FrontEndSearchPathTests {
    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-searchpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `planted.c` built with its marker file in `folder`; with `entry` it also exports the entry symbol.
    private static func planted(in folder: URL, entry: Bool) async throws -> (library: String, marker: URL) {
        let marker = folder.appendingPathComponent("marker-\(UUID().uuidString)")
        let defines = ["-DPLANTED_MARKER=\"\(marker.path)\""] + (entry ? ["-DPLANTED_ENTRY"] : [])
        let built = try await CPluginBuilder.build("planted", defines: defines)
        let library = folder.appendingPathComponent(entry ? "libplanted.so" : "libplanted_no_entry.so").path
        try FileManager.default.copyItem(atPath: built, toPath: library)
        return (library, marker)
    }

    @Test("relative folders are dropped, with one warning naming them")
    func relativeFoldersDropped() {
        let path = FrontEndSearchPath(directories: ["plugins", "/opt/materunner", "./lib", ""])
        #expect(path.directories == ["/opt/materunner"])
        #expect(path.warnings.count == 1)
        #expect(path.warnings.first?.contains("\"plugins\", \"./lib\", \"\"") == true, "\(path.warnings)")
        #expect(path.candidates(for: "text").allSatisfy { $0.hasPrefix("/opt/materunner/") })
    }

    @Test("standard: MATERUNNER_FRONTEND_PATH's absolute folders, then the executable's; relative and empty entries warned about")
    func standardPath() {
        let path = FrontEndSearchPath.standard(
            environment: ["MATERUNNER_FRONTEND_PATH": "rel:/abs/one::/abs/two:"], executable: "/usr/local/bin/materunner"
        )
        #expect(path.directories == ["/abs/one", "/abs/two", "/usr/local/bin", "/usr/local/lib/materunner"])
        #expect(path.warnings == [
            "ignored relative folders in MATERUNNER_FRONTEND_PATH \"rel\": front-ends are looked for only in absolute folders (write them as /full/path)",
            "ignored an empty entry in MATERUNNER_FRONTEND_PATH (it would mean the current directory)",
        ])
        #expect(FrontEndSearchPath.standard(environment: ["MATERUNNER_FRONTEND_PATH": ""], executable: "/bin/materunner").warnings.isEmpty)
    }

    @Test("a relative executable path (argv[0] through PATH) never makes the current directory a search folder")
    func relativeExecutable() {
        let path = FrontEndSearchPath.standard(environment: [:], executable: "materunner")
        #expect(path.directories.isEmpty)
        #expect(path.warnings.first?.contains("cannot tell where the materunner executable is") == true)
    }

    @Test("the executable is found through the kernel: an absolute path to this very test runner")
    func executableLocation() throws {
        let executable = try #require(ExecutableLocation.current())
        #expect(executable.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: executable))
        #expect(executable == URL(fileURLWithPath: executable).resolvingSymlinksInPath().path)
    }

    @Test("listing runs no library's code; a library without the entry is refused before dlopen; a named one is loaded")
    func listingLoadsNothing() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disguised = try await Self.planted(in: folder, entry: true)
        let plain = try await Self.planted(in: folder, entry: false)
        let path = FrontEndSearchPath(directories: [folder.path])

        let listed = path.describeAll()
        #expect(listed.map(\.name) == ["planted", nil])
        #expect(listed.allSatisfy { !$0.isLoaded })
        #expect(!FileManager.default.fileExists(atPath: disguised.marker.path), "listing ran a constructor")

        #expect(throws: FrontEndLoadError.missingEntry(path: plain.library)) {
            try FrontEndHost(searchPath: path).load(plain.library, options: FrontEndOptions())
        }
        #expect(!FileManager.default.fileExists(atPath: plain.marker.path), "a library without the entry symbol was dlopened")

        let named = try path.describe("planted")
        #expect(named.isLoadable && named.version == "6.6.6")
        #expect(FileManager.default.fileExists(atPath: disguised.marker.path), "the named front-end is loaded")
    }

    @Test("files that are not (whole) ELF libraries are listed as not loaded, never crash the reader")
    func damagedFiles() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try Data(contentsOf: BuildProducts.directory.appendingPathComponent("libTextFrontEnd.so"))
        for length in [0, 3, 16, 63, 64, 65, 200, 4096, real.count / 2, real.count - 1] {
            try real.prefix(length).write(to: folder.appendingPathComponent("libcut\(length).so"))
        }
        var header = Array(real.prefix(64))
        header[0x28..<0x30] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F] // section headers far past the end
        try Data(header).write(to: folder.appendingPathComponent("libbadoffset.so"))
        try Data("not a library\n".utf8).write(to: folder.appendingPathComponent("libtext.so"))
        let listed = FrontEndSearchPath(directories: [folder.path]).describeAll()
        #expect(listed.count == 12)
        #expect(listed.allSatisfy { !$0.isLoaded })
    }

    @Test("a shipped front-end is known by its name or its library's path, and only those say where they write")
    func shippedNames() {
        #if os(macOS)
        let suffix = ".dylib"
        #else
        let suffix = ".so"
        #endif
        #expect(FrontEndSearchPath.shippedName(of: "json") == "json")
        #expect(FrontEndSearchPath.shippedName(of: "/usr/lib/materunner/libJSONStreamFrontEnd" + suffix) == "json")
        #expect(FrontEndSearchPath.shippedName(of: "libWebFrontEnd" + suffix) == "web")
        #expect(FrontEndSearchPath.shippedName(of: "/tmp/libMyJSONStreamFrontEnd" + suffix) == nil)
        #expect(FrontEndSearchPath.shippedName(of: "ticker") == nil)
        #expect(FrontEndHost.isJSONStream("json") && FrontEndHost.isJSONStream("/opt/libJSONStreamFrontEnd" + suffix))
        #expect(!FrontEndHost.isJSONStream("text") && !FrontEndHost.isJSONStream("/opt/libTextFrontEnd" + suffix))
        #expect(FrontEndHost.leavesStandardOutput("audio") && FrontEndHost.leavesStandardOutput("/opt/libWebFrontEnd" + suffix))
        #expect(!FrontEndHost.leavesStandardOutput("json") && !FrontEndHost.leavesStandardOutput("ticker"))
    }
}
