import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The host's checks when loading a library, and the input callback, with small C front-ends.
@Suite("Loading front-ends: errors and the input callback")
struct FrontEndLoadingTests {
    let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))

    @Test("a path that does not exist is an error naming the file")
    func wrongPath() {
        #expect(throws: FrontEndLoadError.cannotOpen(path: "/nonexistent/libX.so", reason: "no such file")) {
            try host.load("/nonexistent/libX.so", options: FrontEndOptions())
        }
    }

    @Test("an unknown name lists every place it looked")
    func unknownName() throws {
        let error = try #require(throws: FrontEndLoadError.self) { try host.load("hologram", options: FrontEndOptions()) }
        guard case let .notFound(name, searched) = error else {
            Issue.record("expected notFound, got \(error)")
            return
        }
        #expect(name == "hologram")
        #expect(searched.contains(BuildProducts.directory.appendingPathComponent("libhologram.so").path))
        #expect(error.description.contains("MATERUNNER_FRONTEND_PATH"))
    }

    @Test("a file that is not a shared library is an error naming it, with the loader's reason")
    func notALibrary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-not-a-lib-\(UUID().uuidString).so")
        try Data("not an ELF file".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(throws: FrontEndLoadError.self) { try host.load(file.path, options: FrontEndOptions()) }
        guard case let .cannotOpen(path, reason) = error else {
            Issue.record("expected cannotOpen, got \(error)")
            return
        }
        #expect(path == file.path)
        #expect(!reason.isEmpty)
    }

    @Test("a library without the entry symbol is an error naming the file and the symbol")
    func missingSymbol() async throws {
        let library = try await CPluginBuilder.build("no_entry")
        #expect(throws: FrontEndLoadError.missingEntry(path: library)) { try host.load(library, options: FrontEndOptions()) }
        #expect(FrontEndLoadError.missingEntry(path: library).description.contains("materunner_frontend_entry"))
    }

    @Test("a library for another ABI version is an error naming both versions")
    func versionMismatch() async throws {
        let library = try await CPluginBuilder.build("future_abi")
        #expect(throws: FrontEndLoadError.abiMismatch(path: library, found: 999, expected: 1)) {
            try host.load(library, options: FrontEndOptions())
        }
        #expect(host.loaded.isEmpty)
    }

    @Test("a plain C front-end built against the header alone loads, gets frames, and sends input back")
    func cFrontEndInput() async throws {
        let library = try await CPluginBuilder.build("echo_input")
        let output = try CapturedOutput()
        let plugin = try host.load(library, options: FrontEndOptions(outputFD: output.fd))
        #expect(plugin.name == "echo-input")
        #expect(plugin.version == "1.0.0")
        #expect(host.deliver(SampleFrames.status).isEmpty)
        host.shutdown()

        // The host accepted the valid event (0) and refused the malformed one (1).
        let text = try output.text()
        #expect(text.hasPrefix("frame 1: "))
        #expect(text.hasSuffix("valid=0 malformed=1\n"))
        var inputs: [FrontEndInputEvent] = []
        for await event in host.inputs { inputs.append(event) }
        #expect(inputs == [FrontEndInputEvent(type: .stop)])
    }
}
