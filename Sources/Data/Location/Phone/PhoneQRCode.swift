import CQREncode
import Foundation

/// The QR code of a phone's setup link, made by libqrencode (level M, 8-bit), for a terminal (half
/// blocks, light modules drawn, as `qrencode -t UTF8`) or as a PGM image (`zbarimg` reads it back).
/// The web front-end draws its own from the same library: a plugin shares no code with the host.
public struct PhoneQRCode: Sendable, Equatable {
    /// Modules per side.
    public let size: Int
    /// Row-major, true for a dark module.
    public let modules: [Bool]

    /// The code for `text`; nil when libqrencode cannot make one (text too long).
    public init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        // libqrencode: bit 0 of each byte is the module's colour (1 dark).
        modules = (0..<(size * size)).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at `row`, `column` is dark; outside the code (the quiet zone) is light.
    public func isDark(row: Int, column: Int) -> Bool {
        (0..<size).contains(row) && (0..<size).contains(column) && modules[row * size + column]
    }

    /// Lines of `▀▄█` and spaces, two module rows a line, with a quiet zone of `quiet` modules.
    public func terminalLines(quiet: Int = 2) -> [String] {
        let range = -quiet..<(size + quiet)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { row in
            String(
                range.map { column -> Character in
                    switch (isDark(row: row, column: column), isDark(row: row + 1, column: column)) {
                    case (false, false): "█"
                    case (false, true): "▀"
                    case (true, false): "▄"
                    case (true, true): " "
                    }
                })
        }
    }

    /// A binary PGM (P5) image: `scale` pixels a module, a quiet zone of 4 modules, dark 0, light 255.
    public func pgm(scale: Int = 4) -> Data {
        let side = (size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for row in 0..<size {
            for column in 0..<size where modules[row * size + column] {
                for y in 0..<scale {
                    let start = ((row + 4) * scale + y) * side + (column + 4) * scale
                    pixels.replaceSubrange(start..<(start + scale), with: repeatElement(0, count: scale))
                }
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }
}
