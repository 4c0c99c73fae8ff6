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

    public init(outputFD: Int32 = 1, isTerminal: Bool = false, color: Bool = false, columns: Int? = nil) {
        self.outputFD = outputFD
        self.isTerminal = isTerminal
        self.color = color
        self.columns = columns
    }

    enum CodingKeys: String, CodingKey {
        case outputFD = "output_fd"
        case isTerminal = "is_terminal"
        case color, columns
    }
}

/// An event a front-end sends to the host (`send_input`).
public struct FrontEndInputEvent: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        /// The person asked to stop the run.
        case stop
    }

    public var type: Kind

    public init(type: Kind) {
        self.type = type
    }
}
