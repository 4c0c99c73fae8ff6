import Testing
import WebFrontEndCore

/// The control address's QR code, made by libqrencode and drawn with half blocks.
@Suite("Web front-end: QR code")
struct QRCodeTests {
    private let address = "http://192.168.1.20:8047/control/000102030405060708090a0b0c0d0e0f"

    @Test("a QR symbol: 4n+17 modules a side, a finder pattern in three corners and not the fourth")
    func symbol() throws {
        let code = try #require(QRCode(address))
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0)
        // A finder pattern: a 7x7 dark ring, a light ring, a 3x3 dark centre.
        func finder(row: Int, column: Int) -> Bool {
            (0..<7).allSatisfy { r in
                (0..<7).allSatisfy { c in
                    let ring = r == 0 || r == 6 || c == 0 || c == 6
                    let centre = (2...4).contains(r) && (2...4).contains(c)
                    return code.isDark(row: row + r, column: column + c) == (ring || centre)
                }
            }
        }
        #expect(finder(row: 0, column: 0))
        #expect(finder(row: 0, column: code.size - 7))
        #expect(finder(row: code.size - 7, column: 0))
        #expect(!finder(row: code.size - 7, column: code.size - 7))
        // Longer text, a larger version.
        #expect(try #require(QRCode(address + String(repeating: "x", count: 100))).size > code.size)
    }

    @Test("drawn: two module rows a line, quiet zone light all round, dark modules as spaces")
    func drawing() throws {
        let code = try #require(QRCode(address))
        let lines = code.terminalLines(quiet: 2)
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 4 })
        #expect(lines[0] == String(repeating: "█", count: code.size + 4))
        // Row 2 (the finder's top edge) is dark from column 2 to 8: the line with rows 2 and 3 has spaces there.
        let second = Array(lines[1])
        #expect(second[0] == "█" && second[1] == "█" && second[2] == " ")
    }
}
