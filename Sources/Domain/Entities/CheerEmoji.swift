/// The 12 emojis a runner can cheer a mate with. The raw value is the byte a cheer carries on the wire.
public enum CheerEmoji: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// 👍 thumbs up
    case thumbsUp = 0
    /// 👏 clapping hands
    case clap = 1
    /// 🔥 fire
    case fire = 2
    /// 💪 flexed biceps
    case flexedBiceps = 3
    /// 🚀 rocket
    case rocket = 4
    /// 🏃 person running
    case runner = 5
    /// ❤️ red heart
    case heart = 6
    /// 😄 grinning face
    case smile = 7
    /// 💯 hundred points
    case hundred = 8
    /// 🏆 trophy
    case trophy = 9
    /// 🎉 party popper
    case partyPopper = 10
    /// ⚡ high voltage
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
