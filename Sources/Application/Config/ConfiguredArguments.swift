import Domain

/// The command line a run is parsed from: the person's arguments, plus the options the environment and the
/// config files set that the command line did not (docs/CONFIG.md). Pure: the files are read by the caller.
public struct ConfiguredArguments: Sendable, Equatable {
    /// The environment variable that names the profile when `--profile` is not given.
    public static let profileVariable = "MATERUNNER_PROFILE"
    /// The prefix of the variables that set options: `MATERUNNER_JSON_OUT` sets `--json-out`.
    public static let variablePrefix = "MATERUNNER_"
    /// Options no variable sets through the prefix, as they read their own variable (`MATERUNNER_RACE_KEY`
    /// is read by the race key's loader, which keeps the key out of the process's arguments).
    public static let ownVariables: Set<String> = ["race-key"]

    /// Variables of ours that set no option (read where they are used), so they need no catalog.
    public static let otherVariables: Set<String> = [
        "MATERUNNER_RACE_KEY", "MATERUNNER_FRONTEND_PATH", "MATERUNNER_SYSTEM_CONFIG", "MATERUNNER_BUILD_DIR",
        "MATERUNNER_EXECUTOR",
    ]

    /// Whether anything may add to `arguments`: a file, `--profile`, or a `MATERUNNER_*` variable that may
    /// name an option. When nothing can, the command line is parsed as it is, without listing the options.
    public static func mayApply(arguments: [String], environment: [String: String], files: [SettingsFile]) -> Bool {
        !files.isEmpty || profile(arguments: arguments, environment: environment) != nil
            || environment.keys.contains { $0.hasPrefix(variablePrefix) && !otherVariables.contains($0) }
    }

    /// `arguments` completed from `environment` and `files` when anything may add to them (`mayApply`),
    /// checked against the catalog `catalog` lists (only then: listing the options takes time); else
    /// `arguments` as they are.
    public static func resolving(
        arguments: [String], environment: [String: String], files: [SettingsFile], catalog: () throws -> CommandCatalog
    ) throws -> ConfiguredArguments {
        guard mayApply(arguments: arguments, environment: environment, files: files) else { return ConfiguredArguments(unchanged: arguments) }
        return try ConfiguredArguments(arguments: arguments, environment: environment, files: files, catalog: try catalog())
    }

    /// `arguments` as they are, nothing applied.
    public init(unchanged arguments: [String]) {
        self.arguments = arguments
        self.applied = []
    }

    /// The arguments to parse, without the program's name.
    public let arguments: [String]
    /// The settings added to `arguments`, to point at when one of them is refused.
    public let applied: [Setting]

    /// `arguments` (the command line, without the program's name) completed from `environment` and
    /// `files` (the user's first, then the system's), checked against `catalog`.
    public init(
        arguments: [String], environment: [String: String], files: [SettingsFile], catalog: CommandCatalog
    ) throws(SettingsError) {
        for file in files { try Self.check(file, against: catalog) }
        // An unknown profile is refused whatever the command: a misspelt one would apply nothing, silently.
        let profile = Self.profile(arguments: arguments, environment: environment)
        if let profile, let origin = profile.origin, !LayeredSettings(environment: [], files: files).defines(profile: profile.name) {
            let searched = files.isEmpty ? "no config file was found" : "searched " + files.map(\.path).joined(separator: ", ")
            throw SettingsError(
                origin: origin, key: nil,
                problem: "no profile \"\(profile.name)\" (\(searched)): define it as a [profiles.\(profile.name)] table"
            )
        }
        let path = Self.commandPath(arguments, catalog: catalog)
        // The command that runs: `records` alone runs its default subcommand, `records list`.
        let running = Self.runningPath(path, catalog: catalog)
        guard !running.isEmpty, let command = catalog.root.command(at: running[...]), command.subcommands.isEmpty else {
            self.arguments = arguments
            self.applied = []
            return
        }
        let layers = LayeredSettings(environment: Self.settings(from: environment, for: command), files: files)
        let given = Self.givenOptions(arguments.dropFirst(path.count))
        var added: [String] = []
        var applied: [Setting] = []
        for (key, setting) in layers.resolve(command: running, profile: profile?.name).sorted(by: { $0.key < $1.key }) {
            guard let option = command.options[key], !given.contains(key) else { continue }
            let arguments = try Self.arguments(for: setting, option: option)
            if !arguments.isEmpty { applied.append(setting) }
            added += arguments
        }
        self.arguments = Array(arguments.prefix(path.count)) + added + arguments.dropFirst(path.count)
        self.applied = applied
    }

    /// The setting behind an error message (without its usage text, which names every option): the
    /// applied one whose option the message names (`--goal`), else one whose value it quotes (an unknown
    /// time zone `Mars/Olympus`; values under 3 characters are too common to tell); nil when none was
    /// applied, so a mistake on the command line is not blamed on a file.
    public func setting(blamedBy message: String) -> Setting? {
        let named = applied.first { setting in
            ["'--\(setting.key)", "--\(setting.key) ", "--\(setting.key)=", "--\(setting.key):"].contains { message.contains($0) }
                || message.hasSuffix("--\(setting.key)")
        }
        return named ?? applied.first { setting in
            let values: [SettingValue] = if case .list(let list) = setting.value { list } else { [setting.value] }
            return values.contains { value in
                if case .boolean = value { return false }
                guard let text = value.argument, text.count >= 3 else { return false }
                return message.contains(text)
            }
        }
    }

    // MARK: Rules

    /// The subcommand names at the start of `arguments` (`["records", "list"]`).
    static func commandPath(_ arguments: [String], catalog: CommandCatalog) -> [String] {
        var command = catalog.root
        var path: [String] = []
        for argument in arguments {
            guard let next = command.subcommands[argument] else { break }
            path.append(argument)
            command = next
        }
        return path
    }

    /// `path` followed down its default subcommands (`["records"]` runs `["records", "list"]`).
    static func runningPath(_ path: [String], catalog: CommandCatalog) -> [String] {
        var running = path
        while let command = catalog.root.command(at: running[...]), let next = command.defaultSubcommand,
              command.subcommands[next] != nil {
            running.append(next)
        }
        return running
    }

    /// The profile asked for, by `--profile NAME` (or `--profile=NAME`) or `MATERUNNER_PROFILE`.
    static func profile(arguments: [String], environment: [String: String]) -> (name: String, origin: SettingOrigin?)? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--profile", index + 1 < arguments.count { return (arguments[index + 1], .commandLine(option: "profile")) }
            if argument.hasPrefix("--profile=") { return (String(argument.dropFirst("--profile=".count)), .commandLine(option: "profile")) }
        }
        if let name = environment[profileVariable], !name.isEmpty { return (name, .environment(variable: profileVariable)) }
        return nil
    }

    /// The long options the command line gives (before `--`).
    static func givenOptions(_ arguments: ArraySlice<String>) -> Set<String> {
        var given: Set<String> = []
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            given.insert(String(argument.dropFirst(2).prefix { $0 != "=" }))
        }
        return given
    }

    /// The `MATERUNNER_*` variables that name an option of `command`.
    static func settings(from environment: [String: String], for command: CommandCatalog.Command) -> [Setting] {
        environment.compactMap { variable, value in
            guard variable.hasPrefix(variablePrefix) else { return nil }
            let key = variable.dropFirst(variablePrefix.count).lowercased().replacingOccurrences(of: "_", with: "-")
            guard command.options[key] != nil, !ownVariables.contains(key) else { return nil }
            return Setting(key: key, value: .text(value), origin: .environment(variable: variable))
        }
    }

    /// The arguments that give `setting` to `option`.
    static func arguments(for setting: Setting, option: CommandCatalog.Option) throws(SettingsError) -> [String] {
        func refuse(_ problem: String) -> SettingsError {
            SettingsError(origin: setting.origin, key: setting.key, problem: problem)
        }
        if option.isFlag {
            switch setting.value {
            case .boolean(let on): return on ? ["--\(option.name)"] : []
            case .text(let text) where ["1", "true", "yes", "on"].contains(text.lowercased()): return ["--\(option.name)"]
            case .text(let text) where ["0", "false", "no", "off", ""].contains(text.lowercased()): return []
            default: throw refuse("--\(option.name) is a switch: set it to true or false")
            }
        }
        let values: [SettingValue]
        if case .list(let list) = setting.value {
            guard option.isRepeating else {
                throw refuse("--\(option.name) takes one value, not a list: write it as a string in quotes")
            }
            values = list
        } else {
            values = [setting.value]
        }
        return try values.map { value throws(SettingsError) in
            guard case .boolean = value else { return "--\(option.name)=\(value.argument ?? "")" }
            throw refuse("--\(option.name) takes a value, not true or false")
        }
    }

    /// Refuses a file's tables and keys that name no command or option.
    static func check(_ file: SettingsFile, against catalog: CommandCatalog) throws(SettingsError) {
        for entry in file.entries {
            let key = entry.setting.key
            let scope = entry.scope.command.joined(separator: ".")
            guard let command = catalog.root.command(at: entry.scope.command[...]) else {
                let commands = catalog.root.subcommands.keys.sorted().joined(separator: ", ")
                throw SettingsError(
                    origin: entry.setting.origin, key: (entry.scope.command + [key]).joined(separator: "."),
                    problem: "[\(scope)] names no command: tables are named after commands (\(commands)) or [profiles.NAME]"
                )
            }
            if ownVariables.contains(key) {
                throw SettingsError(
                    origin: entry.setting.origin, key: key,
                    problem: "a race key is not kept in a config file: set race-key-file to a file only you can read"
                )
            }
            guard !command.allOptionNames.contains(key) else { continue }
            let owner = entry.scope.command.isEmpty ? "any command" : "materunner \(entry.scope.command.joined(separator: " "))"
            throw SettingsError(
                origin: entry.setting.origin, key: key,
                problem: "\(owner) has no option --\(key) (see materunner \(entry.scope.command.joined(separator: " ")) --help)"
                    .replacingOccurrences(of: "materunner  --help", with: "materunner --help")
            )
        }
    }
}
