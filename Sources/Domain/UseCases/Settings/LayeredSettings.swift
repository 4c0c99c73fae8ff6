/// The settings that apply to one command, from the layers below the command line. The rules
/// (docs/CONFIG.md): the environment beats the user's file, which beats the system's; within a file, a
/// profile's table beats the file's plain tables, and a command's table beats the tables around it
/// (`[profiles.pi.run]` over `[profiles.pi]` over `[run]` over the top of the file).
public struct LayeredSettings: Sendable {
    /// Highest precedence first: the environment, then the user's file, then the system's.
    public let environment: [Setting]
    public let files: [SettingsFile]

    /// `files` from the most to the least important (the user's, then the system's).
    public init(environment: [Setting], files: [SettingsFile]) {
        self.environment = environment
        self.files = files
    }

    /// Whether some file defines `profile`.
    public func defines(profile: String) -> Bool {
        files.contains { $0.profiles.contains(profile) }
    }

    /// For each key, the one setting that applies to `command` under `profile`.
    public func resolve(command: [String], profile: String?) -> [String: Setting] {
        var chosen: [String: Setting] = [:]
        for setting in environment where chosen[setting.key] == nil { chosen[setting.key] = setting }
        for file in files {
            for scope in Self.scopes(command: command, profile: profile) {
                for entry in file.entries where entry.scope == scope && chosen[entry.setting.key] == nil {
                    chosen[entry.setting.key] = entry.setting
                }
            }
        }
        return chosen
    }

    /// The scopes of one file that apply, most specific first.
    static func scopes(command: [String], profile: String?) -> [SettingScope] {
        let paths = (0...command.count).reversed().map { Array(command.prefix($0)) }
        let profiled = profile.map { name in paths.map { SettingScope(profile: name, command: $0) } } ?? []
        return profiled + paths.map { SettingScope(command: $0) }
    }
}
