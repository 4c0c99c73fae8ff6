import Application
import Domain
import MateRunnerTesting
import Testing

@Suite("Configured arguments: the command line completed from settings")
struct ConfiguredArgumentsTests {
    let catalog = CommandCatalog(root: .init(name: "materunner", options: [:], subcommands: [
        "run": .init(name: "run", options: [
            "name": .init(name: "name", isFlag: false, isRepeating: false),
            "goal": .init(name: "goal", isFlag: false, isRepeating: false),
            "peer": .init(name: "peer", isFlag: false, isRepeating: true),
            "join": .init(name: "join", isFlag: true, isRepeating: false),
            "race-key": .init(name: "race-key", isFlag: false, isRepeating: false),
        ], subcommands: [:]),
        "records": .init(name: "records", options: [:], subcommands: [
            "list": .init(name: "list", options: ["data-dir": .init(name: "data-dir", isFlag: false, isRepeating: false)], subcommands: [:]),
            "totals": .init(name: "totals", options: ["data-dir": .init(name: "data-dir", isFlag: false, isRepeating: false)], subcommands: [:]),
        ], defaultSubcommand: "list"),
    ]))

    private func file(_ entries: [(String, SettingValue, SettingScope, Int)], profiles: Set<String> = []) -> SettingsFile {
        SettingsFile(path: "/c.toml", entries: entries.map { key, value, scope, line in
            .init(scope: scope, setting: Setting(key: key, value: value, origin: .file(path: "/c.toml", line: line)))
        }, profiles: profiles)
    }

    @Test("settings fill what the command line leaves, right after the command's name")
    func fills() throws {
        let config = file([
            ("name", .text("pi"), .init(command: ["run"]), 2),
            ("goal", .number(2.5), .init(), 3),
            ("peer", .list([.text("a:1"), .text("b:2")]), .init(profile: "pi"), 5),
            ("join", .boolean(true), .init(profile: "pi"), 6),
        ], profiles: ["pi"])
        let configured = try ConfiguredArguments(
            arguments: ["run", "--profile", "pi", "--goal", "1"], environment: ["MATERUNNER_NAME": "env-pi"], files: [config], catalog: catalog
        )
        #expect(configured.arguments == ["run", "--join", "--name=env-pi", "--peer=a:1", "--peer=b:2", "--profile", "pi", "--goal", "1"])
        #expect(configured.setting(blamedBy: "Error: The value 'x' is invalid for '--peer <HOST:PORT>'")?.origin == .file(path: "/c.toml", line: 5))
        #expect(configured.setting(blamedBy: "Error: --goal must be positive") == nil)
        // A message quoting a value applied names its setting; a value of 1 or 2 characters is too common to tell.
        #expect(configured.setting(blamedBy: "unknown time zone env-pi: use IANA names")?.origin == .environment(variable: "MATERUNNER_NAME"))
        #expect(configured.setting(blamedBy: "b:2 cannot be reached")?.origin == .file(path: "/c.toml", line: 5))
        #expect(configured.setting(blamedBy: "unknown time zone Mars/Olympus: use IANA names") == nil)
        // Without the profile, its table does not apply; MATERUNNER_PROFILE names it too.
        #expect(try ConfiguredArguments(arguments: ["run"], environment: [:], files: [config], catalog: catalog).arguments
            == ["run", "--goal=2.5", "--name=pi"])
        #expect(try ConfiguredArguments(arguments: ["run"], environment: ["MATERUNNER_PROFILE": "pi"], files: [config], catalog: catalog)
            .arguments.contains("--join"))
        // A switch set false adds nothing; no command (--help) is left alone.
        let off = file([("join", .boolean(false), .init(), 1)])
        #expect(try ConfiguredArguments(arguments: ["run"], environment: ["MATERUNNER_JOIN": "no"], files: [off], catalog: catalog).arguments == ["run"])
        #expect(try ConfiguredArguments(arguments: ["--help"], environment: [:], files: [config], catalog: catalog).arguments == ["--help"])
        // Nothing to apply without a file, a profile or an option's variable.
        #expect(!ConfiguredArguments.mayApply(arguments: ["run"], environment: ["MATERUNNER_RACE_KEY": "k", "HOME": "/h"], files: []))
        #expect(ConfiguredArguments.mayApply(arguments: ["run"], environment: ["MATERUNNER_NAME": "n"], files: []))
        #expect(ConfiguredArguments.mayApply(arguments: ["run", "--profile=pi"], environment: [:], files: []))
        #expect(ConfiguredArguments.mayApply(arguments: ["run"], environment: [:], files: [config]))
        // MATERUNNER_RACE_KEY is the race key loader's, never an argument.
        #expect(try ConfiguredArguments(arguments: ["run"], environment: ["MATERUNNER_RACE_KEY": "k"], files: [], catalog: catalog).arguments == ["run"])
    }

    @Test("resolving: the options are listed only when something may apply; then the settings fill the command line")
    func resolving() throws {
        let listed = Locked(0)
        let catalog = self.catalog
        let list = { () throws -> CommandCatalog in
            listed.withLock { $0 += 1 }
            return catalog
        }
        let quiet = try ConfiguredArguments.resolving(arguments: ["run"], environment: ["HOME": "/h"], files: [], catalog: list)
        #expect(quiet == ConfiguredArguments(unchanged: ["run"]))
        #expect(listed.withLock { $0 } == 0)
        let named = try ConfiguredArguments.resolving(arguments: ["run"], environment: ["MATERUNNER_NAME": "pi"], files: [], catalog: list)
        #expect(named.arguments == ["run", "--name=pi"])
        #expect(listed.withLock { $0 } == 1)
    }

    @Test("unknown keys, tables and profiles, and values of the wrong shape, are named with their file and line")
    func refuses() {
        func refusal(_ config: SettingsFile, _ arguments: [String] = ["run"], environment: [String: String] = [:]) -> SettingsError? {
            do {
                _ = try ConfiguredArguments(arguments: arguments, environment: environment, files: [config], catalog: catalog)
                return nil
            } catch { return error }
        }
        #expect(refusal(file([("nmae", .text("x"), .init(command: ["run"]), 4)]))?.description
            == "/c.toml line 4, key nmae: materunner run has no option --nmae (see materunner run --help)")
        #expect(refusal(file([("goal", .text("x"), .init(command: ["walk"]), 2)]))?.description.hasPrefix("/c.toml line 2, key walk.goal: [walk] names no command") == true)
        #expect(refusal(file([("goal", .list([.integer(1)]), .init(), 1)]))?.description == "/c.toml line 1, key goal: --goal takes one value, not a list: write it as a string in quotes")
        #expect(refusal(file([("join", .text("maybe"), .init(), 1)]))?.problem == "--join is a switch: set it to true or false")
        #expect(refusal(file([("race-key", .text("k"), .init(), 1)]))?.problem.contains("race-key-file") == true)
        let unknown = refusal(file([]), ["run", "--profile", "nope"])
        #expect(unknown?.fault == .usage)
        #expect(unknown?.problem.hasPrefix("no profile \"nope\"") == true)
        #expect(refusal(file([]), environment: ["MATERUNNER_PROFILE": "nope"])?.fault == .config)
        // Whatever the command: a group run through its default subcommand, a subcommand, no command at all.
        for arguments in [["records", "--profile", "nope"], ["records", "totals", "--profile=nope"], ["--profile", "nope"]] {
            #expect(refusal(file([]), arguments)?.fault == .usage, "\(arguments)")
        }
    }

    @Test("a group named alone (records) takes the settings of the subcommand it runs (records list), under a profile")
    func defaultSubcommand() throws {
        let config = file([
            ("data-dir", .text("/top"), .init(), 1),
            ("data-dir", .text("/board"), .init(profile: "board"), 3),
            ("data-dir", .text("/board-totals"), .init(profile: "board", command: ["records", "totals"]), 5),
        ], profiles: ["board"])
        func arguments(_ given: [String], _ environment: [String: String] = [:]) throws -> [String] {
            try ConfiguredArguments(arguments: given, environment: environment, files: [config], catalog: catalog).arguments
        }
        #expect(try arguments(["records"]) == ["records", "--data-dir=/top"])
        #expect(try arguments(["records", "--profile", "board"]) == ["records", "--data-dir=/board", "--profile", "board"])
        #expect(try arguments(["records", "totals", "--profile", "board"]) == ["records", "totals", "--data-dir=/board-totals", "--profile", "board"])
        #expect(try arguments(["records"], ["MATERUNNER_DATA_DIR": "/env"]) == ["records", "--data-dir=/env"])
        #expect(try arguments(["records", "--data-dir", "/given"]) == ["records", "--data-dir", "/given"])
    }
}
