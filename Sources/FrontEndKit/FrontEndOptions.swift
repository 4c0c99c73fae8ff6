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

    /// Options for one front-end instance.
    public init(outputFD: Int32 = 1, isTerminal: Bool = false, color: Bool = false, columns: Int? = nil, inputFD: Int32? = nil) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.isTerminal = isTerminal
        self.color = color
        self.columns = columns
    }

    enum CodingKeys: String, CodingKey {
        case outputFD = "output_fd"
        case isTerminal = "is_terminal"
        case inputFD = "input_fd"
        case color, columns
    }
}
