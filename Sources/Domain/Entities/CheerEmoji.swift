/// The 12 emojis a runner can cheer a mate with. The raw value is the byte a cheer carries on the wire.
public enum CheerEmoji: UInt8, Sendable, Hashable, Codable, CaseIterable {
    case thumbsUp = 0
    case clap = 1
    case fire = 2
    case flexedBiceps = 3
    case rocket = 4
    case runner = 5
    case heart = 6
    case smile = 7
    case hundred = 8
    case trophy = 9
    case partyPopper = 10
    case lightning = 11

    /// The emoji itself.
    public var symbol: String {
        switch self {
        case .thumbsUp: "👍"
        case .clap: "👏"
        case .fire: "🔥"
        case .flexedBiceps: "💪"
        case .rocket: "🚀"
        case .runner: "🏃"
        case .heart: "❤️"
        case .smile: "😄"
        case .hundred: "💯"
        case .trophy: "🏆"
        case .partyPopper: "🎉"
        case .lightning: "⚡"
        }
    }

    /// The emoji for a symbol, if it is one of the 12.
    public init?(symbol: String) {
        guard let match = Self.allCases.first(where: { $0.symbol == symbol }) else { return nil }
        self = match
    }
}
