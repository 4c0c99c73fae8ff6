import Application
import Domain
import MateRunnerTesting
import Testing

@Suite("The command line around the parser: settings applied, errors in the house style, exit statuses")
struct CommandLineRunTests {
    /// A parser's error, with the status and messages a fake parser gives for it.
    struct ParserError: Error {
        let status: Int32
        let message: String
        var full: String { message + "\nUsage: materunner run --name <name>\n" }
    }

    let catalog = CommandCatalog(
        root: .init(
            name: "materunner", options: [:],
            subcommands: [
                "run": .init(
                    name: "run",
                    options: [
                        "name": .init(name: "name", isFlag: false, isRepeating: false),
                        "speedup": .init(name: "speedup", isFlag: false, isRepeating: false),
                    ], subcommands: [:])
            ]))

    /// A run whose parser records the arguments it is given, then throws `failure` (if any); the
    /// catalog is counted, as it is listed only when a setting may apply.
    func commandLine(
        failing failure: (any Error)? = nil, parsed: Locked<[[String]]>, catalogs: Locked<Int>, errors: CapturedLines
    ) -> CommandLineRun {
        let catalog = catalog
        return CommandLineRun(
            parser: .init(
                catalog: {
                    catalogs.withLock { $0 += 1 }
                    return catalog
                },
                run: { arguments in
                    parsed.withLock { $0.append(arguments) }
                    if let failure { throw failure }
                },
                exitStatus: { ($0 as? ParserError)?.status ?? 1 },
                message: { ($0 as? ParserError)?.message ?? "" },
                fullMessage: { ($0 as? ParserError)?.full ?? "" }
            ), errors: LineOutput(errors.append))
    }

    func file(_ key: String, _ value: SettingValue, line: Int) -> SettingsFile {
        SettingsFile(
            path: "/c.toml",
            entries: [
                .init(
                    scope: .init(command: ["run"]),
                    setting: Setting(key: key, value: value, origin: .file(path: "/c.toml", line: line)))
            ], profiles: [])
    }

    func status(_ ending: CommandLineRun.Ending) -> Int32? {
        if case .status(let status) = ending { status } else { nil }
    }

    @Test("nothing to apply: the arguments are parsed as they are, the options never listed, and the run ends 0")
    func unchanged() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        let ending = await commandLine(parsed: parsed, catalogs: catalogs, errors: errors)
            .run(arguments: ["run", "--name", "a"], environment: ["HOME": "/h"], files: { [] })
        #expect(status(ending) == 0)
        #expect(parsed.value == [["run", "--name", "a"]])
        #expect(catalogs.value == 0)
        #expect(errors.lines.isEmpty)
    }

    @Test("a setting fills the command line; a value the command refuses names the setting's file and line: exit 78")
    func refusedSetting() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        let refused = ParserError(status: 64, message: "Error: The value 'fast' is invalid for '--speedup <X>'")
        let ending = await commandLine(failing: refused, parsed: parsed, catalogs: catalogs, errors: errors)
            .run(
                arguments: ["run", "--name", "a"], environment: [:],
                files: { [file("speedup", .text("fast"), line: 4)] })
        #expect(status(ending) == 78)
        #expect(parsed.value == [["run", "--speedup=fast", "--name", "a"]])
        #expect(catalogs.value == 1)
        #expect(
            errors.lines == [
                "materunner: error: /c.toml line 4, key speedup: The value 'fast' is invalid for '--speedup <X>'"
            ])
    }

    @Test("a setting the commands have no option for: exit 78 before anything is parsed")
    func unknownSetting() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        let ending = await commandLine(parsed: parsed, catalogs: catalogs, errors: errors)
            .run(arguments: ["run"], environment: [:], files: { [file("sped-up", .number(2), line: 7)] })
        #expect(status(ending) == 78)
        #expect(parsed.value.isEmpty)
        #expect(errors.lines.count == 1)
        #expect(errors.lines.first?.hasPrefix("materunner: error: /c.toml line 7, key sped-up: ") == true)
    }

    @Test("a config file that cannot be read: its error, exit 78")
    func unreadableFile() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        let broken = SettingsError(origin: .file(path: "/c.toml", line: 2), key: nil, problem: "expected a value")
        let ending = await commandLine(parsed: parsed, catalogs: catalogs, errors: errors)
            .run(arguments: ["run"], environment: [:], files: { () throws(SettingsError) in throw broken })
        #expect(status(ending) == 78)
        #expect(errors.lines == ["materunner: error: /c.toml line 2: expected a value"])
    }

    @Test("the parser's own error, no setting to blame: the house style with its usage lines, the parser's status")
    func parserError() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        let unknown = ParserError(status: 64, message: "Error: Unknown option '--speed'")
        let ending = await commandLine(failing: unknown, parsed: parsed, catalogs: catalogs, errors: errors)
            .run(arguments: ["run", "--speed", "2"], environment: [:], files: { [] })
        #expect(status(ending) == 64)
        #expect(errors.lines == ["materunner: error: Unknown option '--speed'\nUsage: materunner run --name <name>"])
    }

    @Test("help, the version and a command's own exit status (its line already written) are the parser's to end with")
    func leftToParser() async {
        let (parsed, catalogs, errors) = (Locked<[[String]]>([]), Locked(0), CapturedLines())
        for (arguments, error) in [
            (["--help"], ParserError(status: 0, message: "OVERVIEW: …")),
            (["run"], ParserError(status: 1, message: "")),
        ] {
            let ending = await commandLine(failing: error, parsed: parsed, catalogs: catalogs, errors: errors)
                .run(arguments: arguments, environment: [:], files: { [] })
            guard case .parser(let left) = ending else {
                Issue.record("\(arguments) should be the parser's to end")
                continue
            }
            #expect((left as? ParserError)?.status == error.status)
        }
        #expect(errors.lines.isEmpty)
    }
}
