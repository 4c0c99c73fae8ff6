/// What the host tells a front-end when it creates it (the `options_json` of `create`).
public struct FrontEndOptions: Codable, Sendable, Equatable {
    /// The file descriptor to write to (1, standard output, unless redirected).
    public var outputFD: Int32
    /// Whether that descriptor is a terminal.
    public var isTerminal: Bool
    /// Whether colours and escape codes are welcome (false when `NO_COLOR` is set or not a terminal).
    public var color: Bool
    /// Terminal width in columns, when known.
    public var columns: Int?
    /// The file descriptor keys come from when the front-end reads any (0, standard input, unless
    /// set): a front-end reads keys only when this and `output_fd` are terminals.
    public var inputFD: Int32?
    /// This front-end's own settings, from `--frontend-option NAME.KEY=VALUE` (the keys without the
    /// `NAME.` prefix). Empty when none were given; a front-end checks them with `checkSettings`.
    public var settings: [String: String]
    /// True when this program only watches a race (`watch`): it takes no part, so a front-end offers no
    /// control of a run (the web front-end serves only its read-only page). False for `run`, `demo`, `clock`.
    public var spectator: Bool

    /// Options for one front-end instance.
    public init(
        outputFD: Int32 = 1, isTerminal: Bool = false, color: Bool = false, columns: Int? = nil, inputFD: Int32? = nil,
        settings: [String: String] = [:], spectator: Bool = false
    ) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.isTerminal = isTerminal
        self.color = color
        self.columns = columns
        self.settings = settings
        self.spectator = spectator
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outputFD = try container.decode(Int32.self, forKey: .outputFD)
        isTerminal = try container.decode(Bool.self, forKey: .isTerminal)
        color = try container.decode(Bool.self, forKey: .color)
        columns = try container.decodeIfPresent(Int.self, forKey: .columns)
        inputFD = try container.decodeIfPresent(Int32.self, forKey: .inputFD)
        settings = try container.decodeIfPresent([String: String].self, forKey: .settings) ?? [:]
        spectator = try container.decodeIfPresent(Bool.self, forKey: .spectator) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outputFD, forKey: .outputFD)
        try container.encode(isTerminal, forKey: .isTerminal)
        try container.encode(color, forKey: .color)
        try container.encodeIfPresent(columns, forKey: .columns)
        try container.encodeIfPresent(inputFD, forKey: .inputFD)
        if !settings.isEmpty { try container.encode(settings, forKey: .settings) }
        if spectator { try container.encode(spectator, forKey: .spectator) }
    }

    /// Checks `settings` against the keys this front-end knows (key → what it sets, for the message):
    /// an unknown key is an error naming it and listing the known ones, so a typo never passes silently.
    public func checkSettings(of frontEnd: String, known: KeyValuePairs<String, String>) throws(FrontEndSettingError) {
        let names = known.map(\.key)
        if let unknown = settings.keys.sorted().first(where: { !names.contains($0) }) {
            throw FrontEndSettingError(frontEnd: frontEnd, key: unknown, value: settings[unknown] ?? "",
                                       problem: known.isEmpty
                                           ? "the \(frontEnd) front-end has no options"
                                           : "unknown option; the \(frontEnd) front-end knows "
                                               + known.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
    }

    enum CodingKeys: String, CodingKey {
        case outputFD = "output_fd"
        case isTerminal = "is_terminal"
        case inputFD = "input_fd"
        case color, columns, settings, spectator
    }
}

/// A `--frontend-option` a front-end cannot take: which one, and why (with what it does take).
public struct FrontEndSettingError: Error, Equatable, CustomStringConvertible {
    public var frontEnd: String
    public var key: String
    public var value: String
    public var problem: String

    public init(frontEnd: String, key: String, value: String, problem: String) {
        self.frontEnd = frontEnd
        self.key = key
        self.value = value
        self.problem = problem
    }

    public var description: String { "--frontend-option \(frontEnd).\(key)=\(value): \(problem)" }
}
