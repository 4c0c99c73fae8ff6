import Foundation
import MateRunnerTesting
import Testing

/// materunner copied into an installed layout (PREFIX/bin/materunner, PREFIX/lib/materunner/lib*.so, as
/// `make install` puts them) and started through PATH from another directory, also through a symbolic
/// link in a third folder (as /usr/local/bin links made by stow or by hand): the front-ends are found
/// from the executable's resolved location, not from the current directory or the link's.
@Suite("End to end: an installed layout, started through PATH")
struct InstalledLayoutTests {
    private static let shipped = [
        "text": "TextFrontEnd", "json": "JSONStreamFrontEnd", "clock": "WorldClockFrontEnd", "audio": "AudioFrontEnd",
        "web": "WebFrontEnd",
    ]

    /// A scratch folder holding PREFIX/bin, PREFIX/lib/materunner, a folder with a link to the
    /// executable, and an empty working directory.
    private struct Layout {
        let root: URL
        var prefix: URL { root.appendingPathComponent("prefix") }
        var libraries: URL { prefix.appendingPathComponent("lib/materunner") }
        var links: URL { root.appendingPathComponent("links") }
        var elsewhere: URL { root.appendingPathComponent("elsewhere") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-installed-\(UUID().uuidString)")
            let manager = FileManager.default
            for folder in [prefix.appendingPathComponent("bin"), libraries, links, elsewhere] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let binary = prefix.appendingPathComponent("bin/materunner")
            try manager.copyItem(at: try BuildProducts.materunner(), to: binary)
            for module in InstalledLayoutTests.shipped.values {
                let library = try BuildProducts.frontEndLibrary(module)
                try manager.copyItem(at: library, to: libraries.appendingPathComponent(library.lastPathComponent))
            }
            try manager.createSymbolicLink(at: links.appendingPathComponent("materunner"), withDestinationURL: binary)
        }

        /// PATH for a program found in `folder` first.
        func path(through folder: URL) -> String {
            folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        }

        /// `materunner ARGUMENTS` found through PATH = `folder` (and the system's), run in `elsewhere`,
        /// with no MATERUNNER_FRONTEND_PATH.
        func run(_ arguments: [String], through folder: URL) async throws -> ProcessRun {
            try await ProcessRun.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["materunner"] + arguments, timeout: 120,
                environment: ["PATH": path(through: folder), "MATERUNNER_FRONTEND_PATH": ""], directory: elsewhere
            )
        }
    }

    @Test("the Makefile installs every shipped front-end (make install, and so the .deb)")
    func makefileInstallsEveryFrontEnd() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = makefile.split(separator: "\n").first { $0.hasPrefix("PLUGINS :=") }
        let plugins = Set((line ?? "").split(separator: " ").dropFirst(2).map(String.init))
        for (name, module) in Self.shipped {
            #expect(plugins.contains(module), "the Makefile's PLUGINS (\(line ?? "none")) lacks \(module), the \(name) front-end")
        }
    }

    @Test("demo --frontend web serves the page from the installed libWebFrontEnd.so")
    func webPageIsServed() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let demo = try ProcessRun.Handle(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["materunner", "demo", "--goal", "5", "--frontend", "web",
             "--frontend-option", "web.listen=127.0.0.1:0", "--frontend-option", "web.qr=off"],
            environment: ["PATH": layout.path(through: layout.links), "MATERUNNER_FRONTEND_PATH": ""], directory: layout.elsewhere
        )
        defer { if demo.process.isRunning { kill(demo.process.processIdentifier, SIGKILL) } }
        var page: String?
        let deadline = Date().addingTimeInterval(60)
        while page == nil, demo.process.isRunning, Date() < deadline {
            let stderr = (try? String(contentsOf: demo.stderrURL, encoding: .utf8)) ?? ""
            page = stderr.split(separator: "\n").first { $0.hasPrefix("web: the race is on http://127.0.0.1:") }
                .flatMap { $0.split(separator: " ").first { $0.hasPrefix("http://") } }.map(String.init)
            if page == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let address = try #require(page, "no address printed: \((try? String(contentsOf: demo.stderrURL, encoding: .utf8)) ?? "")")
        let fetched = try await ProcessRun.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-fsS", "--max-time", "10", address], timeout: 20)
        #expect(fetched.status == 0, "curl \(address): \(fetched.stderr)")
        #expect(fetched.stdout.contains("<title>MateRunner live</title>"), "\(fetched.stdout.prefix(300))")
        kill(demo.process.processIdentifier, SIGINT)
        _ = await demo.wait(timeout: 30)
    }

    @Test("frontends lists and loads the five shipped front-ends from PREFIX/lib/materunner, directly and through a link")
    func frontEndsAreFound() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let libraries = layout.libraries.resolvingSymlinksInPath().path
        for folder in [layout.prefix.appendingPathComponent("bin"), layout.links] {
            let listing = try await layout.run(["frontends"], through: folder)
            #expect(listing.status == 0, "\(listing.stderr)")
            #expect(listing.stdout.contains("  \(libraries)\n"), "the search path lacks \(libraries): \(listing.stdout)")
            #expect(!listing.stdout.contains(layout.elsewhere.path), "the current directory is searched: \(listing.stdout)")
            for (name, module) in Self.shipped {
                #expect(listing.stdout.contains("  \(name)  \(libraries)/lib\(module).so"), "\(name) not listed: \(listing.stdout)")
            }
            let loaded = try await layout.run(["frontends"] + Self.shipped.keys.sorted(), through: folder)
            #expect(loaded.status == 0, "\(loaded.stderr)")
            for (name, module) in Self.shipped {
                #expect(loaded.stdout.contains("(ABI 1)  \(libraries)/lib\(module).so"), "\(name) not loaded: \(loaded.stdout)")
            }
        }
    }

    @Test("demo runs with the installed json front-end and ends with a result frame")
    func demoRuns() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let demo = try await layout.run(["demo", "--goal", "0.05", "--speedup", "50", "--frontend", "json"], through: layout.links)
        #expect(demo.status == 0, "\(demo.stderr)")
        let frames = try demo.jsonLines()
        #expect(frames.last?["type"] as? String == "result", "\(demo.stdout.suffix(300))")
    }
}
