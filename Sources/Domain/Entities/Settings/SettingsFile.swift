/// Where in a config file a setting applies: to every command (no command), to one command and its
/// subcommands (`[run]`, `[records]`, `[records.list]`), and either always or only under a profile
/// (`[profiles.pi]`, `[profiles.pi.run]`).
public struct SettingScope: Sendable, Hashable {
    /// The profile's name, or nil outside `[profiles.NAME]`.
    public let profile: String?
    /// The command path (`["records", "list"]`), empty for every command.
    public let command: [String]

    public init(profile: String? = nil, command: [String] = []) {
        self.profile = profile
        self.command = command
    }
}

/// One config file, read: its settings, each with its scope.
public struct SettingsFile: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let scope: SettingScope
        public let setting: Setting

        public init(scope: SettingScope, setting: Setting) {
            self.scope = scope
            self.setting = setting
        }
    }

    public let path: String
    public let entries: [Entry]
    /// Every profile the file defines (`[profiles.NAME]`), even an empty one.
    public let profiles: Set<String>

    public init(path: String, entries: [Entry], profiles: Set<String>) {
        self.path = path
        self.entries = entries
        self.profiles = profiles
    }
}

/// A config file or a variable that cannot be used, pointing at the file, line and key (or the variable).
public struct SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the fault is.
    public let origin: SettingOrigin
    /// The key at fault, if the fault is one key's.
    public let key: String?
    /// What is wrong, and what to write instead.
    public let problem: String

    public init(origin: SettingOrigin, key: String?, problem: String) {
        self.origin = origin
        self.key = key
        self.problem = problem
    }

    public var description: String {
        if let key { "\(origin), key \(key): \(problem)" } else { "\(origin): \(problem)" }
    }
}
