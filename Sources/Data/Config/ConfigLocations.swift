import Domain
import Foundation

/// Where config files are looked for (docs/CONFIG.md): the user's `$XDG_CONFIG_HOME/materunner/config.toml`
/// (`~/.config` when XDG_CONFIG_HOME is unset or not absolute) and the system's
/// `/etc/materunner/config.toml` (`$MATERUNNER_SYSTEM_CONFIG` names another file, for tests and packagers).
public struct ConfigLocations: Sendable, Equatable {
    public static let systemDefault = "/etc/materunner/config.toml"
    public static let systemVariable = "MATERUNNER_SYSTEM_CONFIG"

    public let user: String
    public let system: String

    public init(user: String, system: String) {
        self.user = user
        self.system = system
    }

    /// The locations for `environment`.
    public init(environment: [String: String]) {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".config")
        }
        user = (base as NSString).appendingPathComponent("materunner/config.toml")
        system = environment[Self.systemVariable].flatMap { $0.isEmpty ? nil : $0 } ?? Self.systemDefault
    }

    /// The config files there are, read: the user's first, then the system's (docs/CONFIG.md); a missing
    /// one is left out, one that cannot be read or parsed throws, naming it.
    public func readFiles() throws(SettingsError) -> [SettingsFile] {
        var files: [SettingsFile] = []
        for path in [user, system] {
            if let file = try TOMLSettingsReader.read(path: path) { files.append(file) }
        }
        return files
    }
}
