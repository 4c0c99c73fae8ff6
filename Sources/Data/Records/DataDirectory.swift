import Foundation

/// Where MateRunner keeps its files: `$XDG_DATA_HOME/materunner`, by default `~/.local/share/materunner`.
public enum DataDirectory {
    /// The directory for `environment` (the process environment by default); `override` (from
    /// `--data-dir`) wins when given.
    public static func resolve(override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override, !override.isEmpty { return URL(fileURLWithPath: override, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("materunner", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/materunner", isDirectory: true)
    }
}
