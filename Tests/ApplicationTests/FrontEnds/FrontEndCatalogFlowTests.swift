import Application
import Foundation
import FrontEndHosting
import MateRunnerTesting
import Presentation
import Testing

/// `materunner frontends [NAME...]` (`FrontEndCatalogFlow`): what it writes, and its exit status.
@Suite("Front-end catalog: the listing, the named front-ends, the exit status")
struct FrontEndCatalogFlowTests {
    /// An empty folder of its own, removed by `body`'s end.
    static func inFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    static func catalog(_ directories: [String], output: CapturedLines, warnings: CapturedLines = CapturedLines()) -> FrontEndCatalogFlow {
        FrontEndCatalogFlow(
            searchPath: FrontEndSearchPath(directories: directories), output: LineOutput(output.append), warnings: LineOutput(warnings.append)
        )
    }

    @Test("a listing is 0, even of an empty search path")
    func listingSucceeds() throws {
        try Self.inFolder { folder in
            let output = CapturedLines()
            #expect(Self.catalog([folder.path], output: output).run(names: []) == 0)
            #expect(output.lines == ["Search path:", "  \(folder.path)", "No front-end libraries found."])
        }
    }

    @Test("a named front-end not on the search path is 64 (a usage error), and says so")
    func unknownNameIsUsage() throws {
        try Self.inFolder { folder in
            let output = CapturedLines()
            #expect(Self.catalog([folder.path], output: output).run(names: ["ticker"]) == 64)
            #expect(output.lines.count == 4, "\(output.lines)")
            #expect(output.lines.last?.hasPrefix("  ticker: ") == true, "\(output.lines)")
        }
    }

    @Test("a named file that is not a front-end is 64 too; one bad name among good ones is enough")
    func notAFrontEndIsUsage() throws {
        try Self.inFolder { folder in
            let fake = folder.appendingPathComponent("libFake.so")
            try Data("not a shared object".utf8).write(to: fake)
            let output = CapturedLines()
            let catalog = Self.catalog([BuildProducts.directory.path], output: output)
            #expect(catalog.run(names: [fake.path]) == 64)
            #expect(catalog.run(names: ["text", fake.path]) == 64)
            #expect(output.lines.filter { $0.contains(fake.path) }.count == 2, "\(output.lines)")
        }
    }

    @Test("shipped front-ends named and loaded are 0")
    func loadedNamesSucceed() {
        let output = CapturedLines()
        #expect(Self.catalog([BuildProducts.directory.path], output: output).run(names: ["text", "json"]) == 0, "\(output.lines)")
        #expect(output.lines.contains { $0.hasPrefix("  text ") && $0.contains("(ABI ") }, "\(output.lines)")
    }
}
