import Domain
import Foundation
import TOMLKit

/// Reads a `config.toml` (docs/CONFIG.md) into `SettingsFile`: plain keys apply to every command,
/// a table named after a command (`[run]`, `[records.list]`) to that command, `[profiles.NAME]` (and
/// `[profiles.NAME.run]`) only under `--profile NAME`. The TOML is parsed by TOMLKit (toml++); a syntax
/// error comes with its line and column, and every setting with the line of its key (`TOMLKeyLines`).
public enum TOMLSettingsReader {
    /// The file at `path`, or nil if there is none.
    public static func read(path: String) throws(SettingsError) -> SettingsFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingsError(origin: .file(path: path, line: nil), key: nil, problem: "cannot be read: check its permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SettingsError(origin: .file(path: path, line: nil), key: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// `text`, a config file's contents, read as the file `path`.
    public static func parse(_ text: String, path: String) throws(SettingsError) -> SettingsFile {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SettingsError(
                origin: .file(path: path, line: error.source.begin.line), key: nil,
                problem: "not valid TOML (column \(error.source.begin.column)): \(error.description)"
            )
        } catch {
            throw SettingsError(origin: .file(path: path, line: nil), key: nil, problem: "not valid TOML: \(error)")
        }
        let lines = TOMLKeyLines(text)
        var reader = Walk(path: path, lines: lines)
        try reader.table(root, at: [])
        return SettingsFile(path: path, entries: reader.entries, profiles: reader.profiles)
    }

    /// The walk over the parsed tables, collecting settings with their scopes.
    private struct Walk {
        let path: String
        let lines: TOMLKeyLines
        var entries: [SettingsFile.Entry] = []
        var profiles: Set<String> = []

        mutating func table(_ table: TOMLTable, at keyPath: [String]) throws(SettingsError) {
            for key in table.keys.sorted() {
                guard let value = table[key] else { continue }
                let path = keyPath + [key]
                if let inner = value.table {
                    if keyPath.isEmpty, key == "profiles" {
                        for name in inner.keys.sorted() {
                            guard let profile = inner[name]?.table else {
                                throw error(at: path + [name], "a profile is a table: write [profiles.\(name)] and its keys below it")
                            }
                            profiles.insert(name)
                            try self.table(profile, at: path + [name])
                        }
                    } else {
                        try self.table(inner, at: path)
                    }
                    continue
                }
                let setting = Setting(key: key, value: try self.value(value, at: path), origin: origin(of: path))
                entries.append(SettingsFile.Entry(scope: scope(of: keyPath), setting: setting))
            }
        }

        /// `[profiles, NAME, run]` is the profile NAME's `run`; `[run]` is `run` for every profile.
        func scope(of tablePath: [String]) -> SettingScope {
            if tablePath.first == "profiles", tablePath.count >= 2 {
                return SettingScope(profile: tablePath[1], command: Array(tablePath.dropFirst(2)))
            }
            return SettingScope(command: tablePath)
        }

        func value(_ value: any TOMLValueConvertible, at path: [String]) throws(SettingsError) -> SettingValue {
            switch value.type {
            case .string: return .text(value.string ?? "")
            case .int: return .integer(value.int ?? 0)
            case .double: return .number(value.double ?? 0)
            case .bool: return .boolean(value.bool ?? false)
            case .array:
                var values: [SettingValue] = []
                for element in value.array.map(Array.init) ?? [] {
                    guard element.type != .array, element.type != .table else {
                        throw error(at: path, "a list holds plain values (strings or numbers), not lists or tables")
                    }
                    values.append(try self.value(element, at: path))
                }
                return .list(values)
            default:
                throw error(at: path, "dates and times are not option values: write the value as a string in quotes")
            }
        }

        func origin(of path: [String]) -> SettingOrigin {
            .file(path: self.path, line: lines.line(of: path))
        }

        func error(at path: [String], _ problem: String) -> SettingsError {
            SettingsError(origin: origin(of: path), key: path.joined(separator: "."), problem: problem)
        }
    }
}
