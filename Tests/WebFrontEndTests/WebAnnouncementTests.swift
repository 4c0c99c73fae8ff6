import Testing
import WebFrontEndCore

/// What the web front-end prints when it starts, for a given terminal: the addresses stay whole and on
/// screen, and the QR code is either drawn whole with room for a board below it, or left out with a
/// line saying how to open the control address instead.
@Suite("Web front-end: the addresses and the QR code on a terminal")
struct WebAnnouncementTests {
    private let page = "http://192.168.1.20:8047/"
    private let control = "http://192.168.1.20:8047/control/000102030405060708090a0b0c0d0e0f"

    /// The rows `lines` take on a terminal `columns` wide (a longer line wraps).
    private func rows(_ lines: [String], columns: Int) -> Int {
        lines.reduce(0) { $0 + max(1, ($1.count + columns - 1) / columns) }
    }

    @Test("80×24 (with text,web): both addresses whole on screen, no cut QR code but a line saying how to see it")
    func smallTerminal() throws {
        let lines = WebAnnouncement.lines(page: page, control: control, qr: .auto, terminal: .init(columns: 80, rows: 24))
        let code = try #require(QRCode(control))
        let drawing = code.terminalLines()
        // No row of the code, whole or cut.
        #expect(!lines.contains { $0.contains("▀") || $0.contains("▄") || $0.contains("█") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("web: no QR code") }, "\(lines)")
        #expect(lines.contains { $0.contains("open the control address above on your phone") }, "\(lines)")
        // The control address on a line of its own that fits; everything leaves room for the board.
        #expect(lines.contains("  " + control))
        #expect(lines.filter { $0.contains(control) }.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.contains(page) })
        #expect(rows(lines, columns: 80) + WebAnnouncement.boardRows <= 24, "\(lines)")
        // What the code would have needed does not fit 24 rows: leaving it out is the only way to keep it whole.
        #expect(rows(lines, columns: 80) + drawing.count > 24 - WebAnnouncement.boardRows)
        // Every line that is not an address fits 80 columns (the page line keeps its tail after the address).
        #expect(lines.filter { !$0.contains(page) }.allSatisfy { $0.count <= 80 }, "\(lines)")
    }

    @Test("a tall terminal: the QR code whole, every row of it, quiet zone included, with room left for the board")
    func tallTerminal() throws {
        let terminal = WebAnnouncement.TerminalCells(columns: 80, rows: 50)
        let lines = WebAnnouncement.lines(page: page, control: control, qr: .auto, terminal: terminal)
        let drawing = try #require(QRCode(control)).terminalLines()
        #expect(Array(lines.suffix(drawing.count)) == drawing)
        #expect(drawing.allSatisfy { $0.count <= terminal.columns })
        #expect(rows(lines, columns: terminal.columns) + WebAnnouncement.boardRows <= terminal.rows)
        #expect(!lines.contains { $0.hasPrefix("web: no QR code") })
        #expect(lines.contains("  " + control))
    }

    @Test("too narrow for the code: left out with the message, whatever the height")
    func narrowTerminal() {
        let lines = WebAnnouncement.lines(page: page, control: control, qr: .auto, terminal: .init(columns: 30, rows: 100))
        #expect(!lines.contains { $0.contains("█") })
        #expect(lines.contains { $0.hasPrefix("web: no QR code") })
    }

    @Test("qr=on draws it anyway, qr=off and a pipe never; watching prints the page alone")
    func modes() throws {
        let drawing = try #require(QRCode(control)).terminalLines()
        let small = WebAnnouncement.TerminalCells(columns: 80, rows: 24)
        #expect(Array(WebAnnouncement.lines(page: page, control: control, qr: .on, terminal: small).suffix(drawing.count)) == drawing)
        #expect(WebAnnouncement.lines(page: page, control: control, qr: .off, terminal: .init(columns: 200, rows: 200)).count == 3)
        #expect(WebAnnouncement.lines(page: page, control: control, qr: .auto, terminal: nil).count == 3)
        #expect(WebAnnouncement.lines(page: page, control: nil, qr: .on, terminal: small) == ["web: the race is on \(page) (read-only, for anyone on this network)"])
    }
}
