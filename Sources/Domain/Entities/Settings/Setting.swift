/// One option a person set outside the command line, in a config file or the environment: the option's
/// long name (`json-out`), its value, and where it was written (for messages that point at it).
public struct Setting: Sendable, Equatable {
    /// The option's long name, without dashes (`json-out`).
    public let key: String
    public let value: SettingValue
    public let origin: SettingOrigin

    public init(key: String, value: SettingValue, origin: SettingOrigin) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}

/// A setting's value, as the file or the environment wrote it.
public indirect enum SettingValue: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([SettingValue])

    /// The value as an option's argument would spell it (a list has none: each element is one).
    public var argument: String? {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .boolean(let value): String(value)
        case .list: nil
        }
    }

    public var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        default: argument ?? ""
        }
    }
}

/// Where a setting was written.
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    /// A config file, and the line of the key when it is known.
    case file(path: String, line: Int?)
    /// An environment variable (`MATERUNNER_NAME`).
    case environment(variable: String)
    /// An option of the command line (`--profile`).
    case commandLine(option: String)

    public var description: String {
        switch self {
        case .file(let path, let line?): "\(path) line \(line)"
        case .file(let path, nil): path
        case .environment(let variable): "the environment variable \(variable)"
        case .commandLine(let option): "--\(option)"
        }
    }
}
