import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A front-end is code run with the user's rights (root's on a board): it is loaded only from files and
/// folders nobody else can change, checked before `dlopen` so that a refused library's constructor never
/// runs; and a shipped name is never taken over by a folder of MATERUNNER_FRONTEND_PATH.
@Suite("Front-end files: who may have written them", .serialized)
struct FrontEndTrustTests {
    /// A fresh folder (mode 0755) holding `planted.c` built as `name`, exporting the entry, with the
    /// marker file its constructor writes.
    private static func planted(
        _ name: String = "libplanted.so"
    ) async throws -> (folder: URL, library: URL, marker: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        let marker = folder.appendingPathComponent("constructor-ran")
        let built = try await CPluginBuilder.build("planted", defines: ["-DPLANTED_MARKER=\"\(marker.path)\"", "-DPLANTED_ENTRY"])
        let library = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: built, toPath: library.path)
        chmod(library.path, 0o755)
        return (folder, library, marker)
    }

    private func load(_ spec: String, in folders: [String]) throws {
        try FrontEndHost(searchPath: FrontEndSearchPath(directories: folders)).load(spec, options: FrontEndOptions())
    }

    @Test("a library in a folder others can write is refused before dlopen, with a message naming the folder")
    func worldWritableFolder() async throws {
        let plant = try await Self.planted()
        defer { try? FileManager.default.removeItem(at: plant.folder) }
        chmod(plant.folder.path, 0o777)
        let error = #expect(throws: FrontEndLoadError.self) { try load("planted", in: [plant.folder.path]) }
        guard case let .untrusted(_, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("its folder \(plant.folder.path) can be written by others (mode 777)"), "\(reason)")
        #expect(error?.description.hasPrefix("refused to load front-end \(plant.library.path): ") == true)
        #expect(!FileManager.default.fileExists(atPath: plant.marker.path), "the refused library's constructor ran")
    }

    @Test("a library others can write (0666) is refused, named by path too, and listed as refused without loading")
    func worldWritableFile() async throws {
        let plant = try await Self.planted()
        defer { try? FileManager.default.removeItem(at: plant.folder) }
        chmod(plant.library.path, 0o666)
        let error = #expect(throws: FrontEndLoadError.self) { try load(plant.library.path, in: []) }
        guard case let .untrusted(_, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("the library \(plant.library.path) can be written by others (mode 666)"), "\(reason)")
        let listed = FrontEndSearchPath(directories: [plant.folder.path]).describeAll()
        #expect(listed.count == 1 && listed.first?.problem?.contains("can be written by others") == true, "\(listed)")
        #expect(!FileManager.default.fileExists(atPath: plant.marker.path))
    }

    @Test("a library owned by someone else (nobody) is refused")
    func foreignOwner() async throws {
        let plant = try await Self.planted()
        defer { try? FileManager.default.removeItem(at: plant.folder) }
        guard geteuid() == 0 else { return }  // only root can give a file away
        #expect(chown(plant.library.path, 65534, 65534) == 0)
        let error = #expect(throws: FrontEndLoadError.self) { try load("planted", in: [plant.folder.path]) }
        guard case let .untrusted(_, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("belongs to") && reason.contains("uid 65534") && reason.contains("neither root nor you"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: plant.marker.path))
    }

    @Test("a folder with the sticky bit (as /tmp) holding a file of ours is fine: the library loads")
    func stickyFolder() async throws {
        let plant = try await Self.planted()
        defer { try? FileManager.default.removeItem(at: plant.folder) }
        chmod(plant.folder.path, 0o1777)
        #expect(FrontEndFileTrust.problem(path: plant.library.path) == nil)
        try load("planted", in: [plant.folder.path])
        #expect(FileManager.default.fileExists(atPath: plant.marker.path))
    }

    @Test("a shipped name resolves to the installed front-end first, never to a folder of MATERUNNER_FRONTEND_PATH")
    func shippedNamesFirst() async throws {
        let plant = try await Self.planted("libJSONStreamFrontEnd.so")
        defer { try? FileManager.default.removeItem(at: plant.folder) }
        let executable = BuildProducts.directory.appendingPathComponent("materunner").path
        let path = FrontEndSearchPath.standard(environment: ["MATERUNNER_FRONTEND_PATH": plant.folder.path], executable: executable)
        let build = BuildProducts.directory.resolvingSymlinksInPath().path
        #expect(path.candidates(for: "json").first == build + "/libJSONStreamFrontEnd.so")
        // Any other name still looks in the variable's folders first.
        #expect(path.candidates(for: "planted").first == plant.folder.path + "/libplanted.so")
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: path)
        let plugin = try host.load("json", options: FrontEndOptions(outputFD: output.fd))
        host.shutdown()
        #expect(plugin.path.hasPrefix(build + "/"))
        #expect(!FileManager.default.fileExists(atPath: plant.marker.path), "the planted json ran")
    }
}
