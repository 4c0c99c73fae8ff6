import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The C example of examples/c-frontend built with its Makefile and loaded through the host; the
/// world clock front-end on a file; and the catalog `materunner frontends` prints.
@Suite("C example, world clock front-end, and the front-end catalog")
struct ExampleAndCatalogTests {
    @Test("the C example builds against the header alone, loads, and prints each frame type it knows")
    func cExample() async throws {
        let library = try await CExampleBuilder.build()
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: []))
        let plugin = try host.load(library, options: FrontEndOptions(outputFD: output.fd))
        #expect(plugin.name == "ticker")
        #expect(plugin.version == "1.0.0")
        let frames = [
            SampleFrames.waiting, SampleFrames.invitation, SampleFrames.countdown(1), SampleFrames.status,
            SampleFrames.cheer, SampleFrames.clock, SampleFrames.result,
        ]
        for frame in frames { #expect(host.deliver(frame).isEmpty) }
        host.shutdown()
        #expect(try output.text() == """
            ticker notice: waiting for mates: 0 of 1
            ticker invitation: bob
            ticker countdown 1
            ticker 01:05 alice 0.42 km 42% running leader
            ticker 01:05 bob 0.39 km 39% running
            ticker cheer: bob
            ticker result: alice wins in 05:21 (7 frames)

            """)
    }

    @Test("the world clock front-end draws a block per clock frame, one line per zone, on a file")
    func worldClockPlain() throws {
        let output = try CapturedOutput()
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let plugin = try host.load("clock", options: FrontEndOptions(outputFD: output.fd, columns: 80))
        #expect(plugin.name == "clock")
        #expect(plugin.path == (try BuildProducts.frontEndLibrary("WorldClockFrontEnd")).path)
        host.deliver(SampleFrames.status)  // not a clock frame: ignored
        host.deliver(SampleFrames.clock)
        host.deliver(SampleFrames.waiting)
        host.shutdown()
        #expect(try output.text() == """
            World clock: yesterday
            system clock, offset +0.000 s, uncertainty unknown
            Europe/Paris  2027-01-14 Thu  09:00:00  UTC+01:00
            Asia/Seoul    2027-01-14 Thu  17:00:00  UTC+09:00
            [info] waiting for mates: 0 of 1

            """)
    }

    @Test("the catalog lists the shipped front-ends without loading them, and loads only a name it is given")
    func catalog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["future_abi", "no_entry"] {
            try FileManager.default.copyItem(atPath: try await CPluginBuilder.build(name), toPath: folder.appendingPathComponent("lib\(name).so").path)
        }
        let shippedPath = FrontEndSearchPath(directories: [BuildProducts.directory.path])
        let shipped = shippedPath.describeAll()
        #expect(shipped.compactMap(\.name).sorted() == ["audio", "clock", "json", "text", "web"])
        // The build folder may also hold a dependency's dynamic library (libGRDB-dynamic.so): listed as "not a front-end".
        #expect(shipped.filter { $0.name != nil }.allSatisfy { !$0.isLoaded && $0.problem == nil && $0.version == nil })
        let text = try shippedPath.describe("text")
        #expect(text.isLoadable && text.name == "text" && text.abiVersion == FrontEndHost.abiVersion)

        let others = FrontEndSearchPath(directories: [folder.path])
        let listed = others.describeAll()
        #expect(listed.map(\.name) == ["future_abi", nil])
        #expect(listed[0].line.hasSuffix("libfuture_abi.so: not loaded (materunner frontends future_abi loads it)"))
        #expect(listed[1].line.contains("does not export the symbol materunner_frontend_entry"))
        let future = try others.describe("future_abi")
        #expect(!future.isLoadable && future.name == nil && future.abiVersion == 999, "only abi_version is read from another ABI")
        #expect(future.line.hasSuffix("libfuture_abi.so: built for ABI version 999, this materunner speaks 1"))
    }
}
