/// Display widths in terminal columns: wide characters (emoji, Hangul, CJK) take two columns, so
/// padding and cutting by `Character` count alone would push lines past the terminal's edge.
enum TextWidth {
    /// Columns `text` takes on a terminal.
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Columns one character takes: 2 for wide ones, 0 for escape sequences' parts is not handled
    /// (lines are measured before colour codes are added).
    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// `text` cut to at most `columns` columns.
    static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let width = of(character)
            if used + width > columns { break }
            used += width
            result.append(character)
        }
        return result
    }

    /// `text` cut or padded with spaces to exactly `columns` columns.
    static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let cut = prefix(text, columns: columns)
        let space = String(repeating: " ", count: max(0, columns - of(cut)))
        return right ? space + cut : cut + space
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
