import Data
import Domain
import Foundation
import Testing

@Suite("config.toml: read with TOMLKit, every key with its line")
struct TOMLSettingsReaderTests {
    @Test("plain keys, command tables, profiles, lists spread over lines: each with scope and line")
    func readsScopesAndLines() throws {
        let text = """
            # comment
            frontend = "json"   # a trailing comment

            [run]
            goal = 2.5
            join = true
            peer = [
              "10.0.0.2:47474",
              "10.0.0.3:47474",
            ]
            mates = 2

            [profiles.pi]
            name = "pi"
            run.source = "gpsd"

            [profiles.empty]

            [records.list]
            data-dir = "/srv"
            """
        let file = try TOMLSettingsReader.parse(text, path: "/c.toml")
        func find(_ key: String, _ scope: SettingScope) -> Setting? {
            file.entries.first { $0.setting.key == key && $0.scope == scope }?.setting
        }
        #expect(find("frontend", .init())?.origin == .file(path: "/c.toml", line: 2))
        #expect(find("goal", .init(command: ["run"])) == Setting(key: "goal", value: .number(2.5), origin: .file(path: "/c.toml", line: 5)))
        #expect(find("join", .init(command: ["run"]))?.value == .boolean(true))
        #expect(find("peer", .init(command: ["run"]))?.value == .list([.text("10.0.0.2:47474"), .text("10.0.0.3:47474")]))
        #expect(find("mates", .init(command: ["run"])) == Setting(key: "mates", value: .integer(2), origin: .file(path: "/c.toml", line: 11)))
        #expect(find("name", .init(profile: "pi"))?.origin == .file(path: "/c.toml", line: 14))
        #expect(find("source", .init(profile: "pi", command: ["run"]))?.origin == .file(path: "/c.toml", line: 15))
        #expect(find("data-dir", .init(command: ["records", "list"]))?.origin == .file(path: "/c.toml", line: 20))
        #expect(file.profiles == ["pi", "empty"])
        #expect(file.entries.count == 8)
    }

    @Test("a syntax error names the file and the line; a date names the key; no file is no settings")
    func errors() throws {
        #expect(throws: SettingsError.self) { try TOMLSettingsReader.parse("[run]\nname = \"pi\nwait = 3\n", path: "/c.toml") }
        do {
            _ = try TOMLSettingsReader.parse("[run]\nname = \"pi\nwait = 3\n", path: "/c.toml")
        } catch {
            #expect(error.origin == .file(path: "/c.toml", line: 2))
            #expect(error.description.hasPrefix("/c.toml line 2: not valid TOML"))
        }
        do {
            _ = try TOMLSettingsReader.parse("\n[run]\nwait = 1979-05-27\n", path: "/c.toml")
            Issue.record("a date was taken")
        } catch {
            #expect(error.description.hasPrefix("/c.toml line 3, key run.wait: dates and times are not option values"))
        }
        #expect(try TOMLSettingsReader.read(path: "/nonexistent/materunner/config.toml") == nil)
    }

    @Test("the user's file under XDG_CONFIG_HOME (or ~/.config), the system's in /etc unless MATERUNNER_SYSTEM_CONFIG says")
    func locations() {
        #expect(ConfigLocations(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).user == "/x/materunner/config.toml")
        #expect(ConfigLocations(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]).user == "/h/.config/materunner/config.toml")
        #expect(ConfigLocations(environment: ["HOME": "/h"]).system == "/etc/materunner/config.toml")
        #expect(ConfigLocations(environment: ["MATERUNNER_SYSTEM_CONFIG": "/t/s.toml"]).system == "/t/s.toml")
    }

    @Test("the config files there are: the user's first, then the system's; a missing one left out; a broken one named")
    func readsBothLocations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let user = folder.appendingPathComponent("user.toml").path
        let system = folder.appendingPathComponent("system.toml").path
        let locations = ConfigLocations(user: user, system: system)
        #expect(try locations.readFiles().isEmpty)
        try Data("goal = 2\n".utf8).write(to: URL(fileURLWithPath: system))
        #expect(try locations.readFiles().map(\.path) == [system])
        try Data("name = \"pi\"\n".utf8).write(to: URL(fileURLWithPath: user))
        #expect(try locations.readFiles().map(\.path) == [user, system])
        try Data("name = = \n".utf8).write(to: URL(fileURLWithPath: user))
        #expect {
            try locations.readFiles()
        } throws: { error in
            (error as? SettingsError)?.origin == .file(path: user, line: 1)
        }
    }
}
