/// A person taking part in a run.
public struct Runner: Sendable, Hashable, Codable {
    /// The longest name, in UTF-8 bytes, that the wire format carries (see `validate(name:)`).
    public static let maximumNameBytes = 32

    public var id: RunnerID
    public var name: String
    /// A ghost: a recorded run replayed on the race clock (`Ghost`), not a person running now. It is
    /// ranked on screen like anyone, but its places count in no record's totals.
    public var isGhost: Bool
    /// A ghost a mate announced: that mate's name ("ghost of alice, from carol"; in an open race anyone
    /// on the network may announce one). Nil for a runner and for our own ghost. Not kept in records.
    public var announcedBy: String?

    public init(id: RunnerID, name: String, isGhost: Bool = false, announcedBy: String? = nil) {
        self.id = id
        self.name = name
        self.isGhost = isGhost
        self.announcedBy = announcedBy
    }

    private enum CodingKeys: String, CodingKey { case id, name, isGhost }

    /// Decodes a runner; one written before ghosts existed is not a ghost.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(RunnerID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        isGhost = try container.decodeIfPresent(Bool.self, forKey: .isGhost) ?? false
        announcedBy = nil
    }

    /// The most characters a name may have.
    public static let maximumNameCharacters = 32

    /// Checks a name a person typed: 1 to 32 characters (as a person counts them: `Zoë` is 3), within the
    /// 32 bytes of UTF-8 a name has on the wire, no control characters.
    public static func validate(name: String) throws(RunnerNameError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= maximumNameCharacters else { throw .tooLong(characters: trimmed.count) }
        guard trimmed.utf8.count <= maximumNameBytes else {
            var prefix = ""
            for character in trimmed {
                guard prefix.utf8.count + character.utf8.count <= maximumNameBytes else { break }
                prefix.append(character)
            }
            throw .tooWide(characters: trimmed.count, fitting: prefix.count)
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
        return trimmed
    }
}

/// Why a runner name was refused.
public enum RunnerNameError: Error, Equatable, CustomStringConvertible {
    case empty
    /// More than 32 characters.
    case tooLong(characters: Int)
    /// At most 32 characters, but more than the 32 bytes a name has on the wire (letters beyond ASCII
    /// take 2 to 4 bytes each): only the first `fitting` characters fit.
    case tooWide(characters: Int, fitting: Int)
    case controlCharacters

    public var description: String {
        switch self {
        case .empty: "the runner name is empty: pass --name with 1 to 32 characters"
        case .tooLong(let characters):
            "the runner name has \(characters) characters: keep it to \(Runner.maximumNameCharacters)"
        case let .tooWide(characters, fitting):
            "the runner name has \(characters) characters, but with its accented or non-Latin letters only "
                + "\(fitting) fit in what a name can carry to mates: keep it to \(fitting) characters"
        case .controlCharacters: "the runner name contains control characters: use letters, digits and spaces"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
