import CQREncode

/// A QR code made by libqrencode, and drawn for a terminal with half blocks (two modules per character
/// cell), with a quiet zone around it.
public struct QRCode: Sendable, Equatable {
    /// Modules per side.
    public let size: Int
    /// Row-major, true for a dark module.
    public let modules: [Bool]

    /// The code for `text` (level M, 8-bit mode, the smallest version that holds it); nil if libqrencode fails.
    public init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // libqrencode: bit 0 of each byte is the module's colour (1 dark); the others are its own bookkeeping.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at `row`, `column` is dark; the quiet zone around the code is light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// Text lines drawing the code with `▀`, `▄`, `█` and spaces, two module rows per line, with
    /// `quiet` light modules around it (the quiet zone). As `qrencode -t UTF8` does, light modules are
    /// the drawn ones and dark modules spaces: right on a terminal with a dark background.
    public func terminalLines(quiet: Int = 2) -> [String] {
        let range = -quiet..<(size + quiet)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { row in
            String(range.map { column -> Character in
                switch (isDark(row: row, column: column), isDark(row: row + 1, column: column)) {
                case (false, false): "█"
                case (false, true): "▀"
                case (true, false): "▄"
                case (true, true): " "
                }
            })
        }
    }
}
