import Application
@testable import Composition
import Foundation
import Logging
import Testing

/// The option values the executable parses into: what each refuses, in words that name the option.
@Suite("Option values")
struct OptionValuesTests {
    @Test("broker: the other options only with --broker, which needs an mqtt:// URL (and a group's name if one)")
    func brokerCombinations() throws {
        let alone = RunOptionsError(
            "--group, --broker-ca, --broker-password-file and --broker-lan go with --broker mqtt://HOST")
        #expect(throws: alone) { try BrokerOptions(group: "club").check() }
        #expect(throws: alone) { try BrokerOptions(passwordFile: "/tmp/p").check() }
        #expect(throws: alone) { try BrokerOptions(lan: "eth0").check() }
        // Without --group the broker carries only a run's phones: connectingBroker refuses it for a race.
        try BrokerOptions(url: "mqtt://localhost").check()
        #expect(throws: RunOptionsError("--broker needs --group NAME: the group whose mates you race")) {
            try BrokerOptions(url: "mqtt://localhost", group: "").check()
        }
        let bad = #expect(throws: RunOptionsError.self) {
            try BrokerOptions(url: "http://localhost", group: "club").check()
        }
        #expect(bad?.description.hasPrefix("--broker http://localhost:") == true)
        try BrokerOptions().check()
        try BrokerOptions(url: "mqtts://alice@broker.example:8883", group: "club").check()
        #expect(try BrokerOptions().settings() == nil)
    }

    @Test("broker: the settings carry the URL, the CA file and the password's first line; a missing file is named")
    func brokerSettings() throws {
        let folder = try temporaryFolder()
        let passwordFile = folder.appendingPathComponent("password")
        try "s3cret\nignored\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
        let caFile = folder.appendingPathComponent("ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: caFile)
        let loaded = try #require(try BrokerOptions(
            url: "mqtts://alice@127.0.0.1:8883", caFile: caFile.path, passwordFile: passwordFile.path, group: "club"
        ).settings())
        #expect(loaded.group == "club")
        #expect(loaded.settings.url.host == "127.0.0.1" && loaded.settings.url.user == "alice")
        #expect(loaded.settings.password == "s3cret" && loaded.settings.caFile == caFile.path)

        let missing = folder.appendingPathComponent("nothing").path
        let error = #expect(throws: (any Error).self) {
            try BrokerOptions(url: "mqtt://127.0.0.1", passwordFile: missing, group: "club").settings()
        }
        #expect(FlowError(try #require(error), otherwise: .software).fault == .noInput)
        #expect("\(try #require(error))".contains(missing))
    }

    @Test("network: a peer that is not HOST:PORT and a port out of range are refused, naming them")
    func network() throws {
        try NetworkOptions(peers: ["127.0.0.1:47474", "bob.local:1"], port: 0).check()
        #expect(throws: RunOptionsError("--port 70000 is not between 0 and 65535")) {
            try NetworkOptions(port: 70000).check()
        }
        #expect(throws: RunOptionsError("--port -1 is not between 0 and 65535")) {
            try NetworkOptions(port: -1).check()
        }
        let bad = #expect(throws: RunOptionsError.self) { try NetworkOptions(peers: ["no-port"]).check() }
        #expect(bad?.description.contains("no-port") == true)
    }

    @Test("race key: given once only, with a race id that can salt it; none at all is an open race")
    func raceKey() throws {
        #expect(throws: RunOptionsError("give the race key once: --race-key-file or --race-key, not both")) {
            try RaceKeyOptions(file: "/tmp/k", passphrase: "p").check()
        }
        #expect(throws: RunOptionsError.self) { try RaceKeyOptions(raceID: "line\nbreak").check() }
        let logger = Logger(label: "test")
        #expect(try RaceKeyOptions().load(logger: logger, environment: [:]) == nil)
        let environment = [RaceKeyOptions.environmentVariable: "correct horse"]
        let key = try RaceKeyOptions(raceID: "club-2026").load(logger: logger, environment: environment)
        #expect(key != nil)
        let missing = try temporaryFolder().appendingPathComponent("key").path
        let error = #expect(throws: FlowError.self) {
            try RaceKeyOptions(file: missing).load(logger: logger, environment: [:])
        }
        #expect(error?.message.contains(missing) == true)
    }

    @Test("front-ends: the command's own unless --frontend names others, json added for --json-out; bad ones refused")
    func frontEnds() throws {
        #expect(FrontEndOptions().specs() == ["text"])
        #expect(FrontEndOptions().specs(standard: "clock") == ["clock"])
        #expect(FrontEndOptions(list: "web,text").specs(standard: "clock") == ["web", "text"])
        #expect(FrontEndOptions(jsonOut: "/tmp/out.json").specs() == ["text", "json"])
        try FrontEndOptions(settings: ["web.listen=127.0.0.1:0"]).check()
        #expect(throws: RunOptionsError("--frontend needs at least one front-end, such as text or json")) {
            try FrontEndOptions(list: " , ").check()
        }
        let bad = #expect(throws: RunOptionsError.self) { try FrontEndOptions(settings: ["weblisten"]).check() }
        #expect(bad?.description.contains("NAME.KEY=VALUE") == true)
        let launch = #expect(throws: FlowError.self) { try FrontEndOptions(settings: ["weblisten"]).launch() }
        #expect(launch?.fault == .usage)
    }

    @Test("data directory: --data-dir as given; a store that cannot be made there cannot be created (73)")
    func dataDirectory() throws {
        let folder = try temporaryFolder()
        #expect(DataDirOptions(path: folder.path).directory.path == folder.path)
        #expect(DataDirOptions().directory.path.hasSuffix("materunner"))
        _ = try DataDirOptions(path: folder.path).openStore(logger: Logger(label: "test"))
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: FlowError.self) {
            try DataDirOptions(path: file.path).openStore(logger: Logger(label: "test"))
        }
        #expect(error?.fault == .cannotCreate)
    }
}

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("composition-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
