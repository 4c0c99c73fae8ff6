import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// `--frontend-option NAME.KEY=VALUE`: parsing, delivery in the options JSON, and the errors a person sees.
@Suite("Front-end settings (--frontend-option)")
struct FrontEndSettingsTests {
    @Test("--frontend lists: trimmed, empty items dropped; --json-out adds json once, unless a json stream is named")
    func frontEndList() {
        #expect(FrontEndHost.specs(" text , ,web", jsonOut: nil) == ["text", "web"])
        #expect(FrontEndHost.specs("text", jsonOut: "frames.json") == ["text", "json"])
        #expect(FrontEndHost.specs("json,text", jsonOut: "frames.json") == ["json", "text"])
        #expect(FrontEndHost.specs("", jsonOut: nil).isEmpty)
    }

    @Test("items group by front-end name; keys keep inner dots, values keep '=' and may be empty; the last wins")
    func parsing() throws {
        let settings = try FrontEndSettings(parsing: [
            "web.listen=0.0.0.0:8047", "audio.out=race.wav", "web.title=a=b", "audio.voice.rate=150", "web.empty=",
            "web.listen=127.0.0.1:9000",
        ])
        #expect(settings.byFrontEnd == [
            "web": ["listen": "127.0.0.1:9000", "title": "a=b", "empty": ""],
            "audio": ["out": "race.wav", "voice.rate": "150"],
        ])
    }

    @Test("malformed items are refused with the expected form", arguments: ["web", "listen=1", ".listen=1", "web.=1", "=x"])
    func malformed(item: String) {
        let error = #expect(throws: FrontEndSettingsSyntaxError.self) { try FrontEndSettings(parsing: [item]) }
        #expect(error?.description.contains("NAME.KEY=VALUE") == true)
        #expect(error?.item == item)
    }

    @Test("settings given by the path a front-end was loaded by, or by its descriptor's name, both reach it")
    func lookup() {
        let settings = FrontEndSettings(byFrontEnd: ["web": ["listen": "a"], "./libweb.so": ["listen": "b", "title": "t"]])
        #expect(settings.settings(name: "web", spec: "./libweb.so") == ["listen": "a", "title": "t"])
        #expect(settings.settings(name: "text", spec: "text") == [:])
        #expect(settings.unclaimed(by: [(name: "web", spec: "web")]) == ["./libweb.so"])
    }

    @Test("the options JSON carries `settings` only when there are some, and old hosts' JSON still decodes")
    func coding() throws {
        let plain = String(decoding: try FrontEndCoding.encode(FrontEndOptions()), as: UTF8.self)
        #expect(!plain.contains("settings"))
        let with = FrontEndOptions(settings: ["listen": "0.0.0.0:8047"])
        let decoded = try FrontEndCoding.decode(FrontEndOptions.self, from: try FrontEndCoding.encode(with))
        #expect(decoded == with)
        let old = try FrontEndCoding.decode(FrontEndOptions.self, from: Array(#"{"output_fd":1,"is_terminal":false,"color":false}"#.utf8))
        #expect(old.settings.isEmpty)
        #expect(!old.spectator)
    }

    @Test("the options JSON says spectator only when watching")
    func spectator() throws {
        #expect(!String(decoding: try FrontEndCoding.encode(FrontEndOptions()), as: UTF8.self).contains("spectator"))
        let watching = String(decoding: try FrontEndCoding.encode(FrontEndOptions(spectator: true)), as: UTF8.self)
        #expect(watching.contains(#""spectator":true"#))
        #expect(try FrontEndCoding.decode(FrontEndOptions.self, from: Array(watching.utf8)).spectator)
    }

    @Test("a front-end's checkSettings names an unknown key and lists the known ones")
    func check() {
        let options = FrontEndOptions(settings: ["lisen": "x"])
        let error = #expect(throws: FrontEndSettingError.self) {
            try options.checkSettings(of: "web", known: ["listen": "address:port to serve on"])
        }
        #expect(error?.description == "--frontend-option web.lisen=x: unknown option; the web front-end knows listen (address:port to serve on)")
        #expect(throws: Never.self) { try FrontEndOptions(settings: ["listen": "x"]).checkSettings(of: "web", known: ["listen": "…"]) }
    }

    @Test("a C front-end receives its own settings, and only its own, in the options JSON")
    func delivered() async throws {
        let library = try await CPluginBuilder.build("echo_options")
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let output = try CapturedOutput()
        let settings = try FrontEndSettings(parsing: ["echo-options.greeting=hello world", "web.listen=:1"])
        try host.load(library, options: FrontEndOptions(outputFD: output.fd), settings: settings)
        host.shutdown()
        let line = try output.text().trimmingCharacters(in: .newlines)
        let options = try FrontEndCoding.decode(FrontEndOptions.self, from: Array(line.utf8))
        #expect(options.settings == ["greeting": "hello world"])
    }

    @Test("a shipped front-end refuses a key it does not know, naming it")
    func shippedRefuses() throws {
        let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
        let output = try CapturedOutput()
        let error = #expect(throws: FrontEndLoadError.self) {
            try host.load("json", options: FrontEndOptions(outputFD: output.fd), settings: try FrontEndSettings(parsing: ["json.pretty=1"]))
        }
        guard case let .createFailed(_, reason, _) = error else {
            Issue.record("expected createFailed, got \(String(describing: error))")
            return
        }
        #expect(reason == "--frontend-option json.pretty=1: the json front-end has no options")
    }
}
