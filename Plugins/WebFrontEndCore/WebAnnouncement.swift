/// What the web front-end prints on standard error when it starts: the page's address, the control
/// address on a line of its own (whole, to copy or type), and the control address's QR code when it
/// fits the terminal with room left for a board below it. A QR code cut by the terminal's edge, or
/// scrolled off its top by the board, cannot be scanned, so it is left out with a line saying how to
/// get it instead. Pure: `WebFrontEnd.announce` measures the terminal and writes the lines.
public enum WebAnnouncement {
    /// Rows kept free below the addresses and the QR code for another front-end's board (the text
    /// view's header, two runners, the keys and a couple of notices).
    public static let boardRows = 8

    /// A terminal's size in character cells.
    public struct TerminalCells: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// The lines for `page` and `control` (nil when watching). `qr` draws the code when `on`; when
    /// `auto`, only when standard error is a terminal (`terminal` is its size) where the code fits whole.
    public static func lines(page: String, control: String?, qr: WebSettings.QRMode, terminal: TerminalCells?) -> [String] {
        var lines = ["web: the race is on \(page) (read-only, for anyone on this network)"]
        guard let control else { return lines }
        lines.append("web: control this run from your phone (keep this address to yourself):")
        lines.append("  \(control)")
        guard qr != .off, let code = QRCode(control) else { return lines }
        let drawing = code.terminalLines()
        switch qr {
        case .on:
            return lines + drawing
        case .auto:
            guard let terminal else { return lines }
            let width = drawing.map(\.count).max() ?? 0
            let rows = lines.reduce(0) { $0 + max(1, ($1.count + terminal.columns - 1) / terminal.columns) }
                + drawing.count + boardRows
            if width <= terminal.columns, rows <= terminal.rows { return lines + drawing }
            lines.append("web: no QR code: it needs \(width)×\(rows) cells, this terminal has \(terminal.columns)×\(terminal.rows):")
            lines.append("  open the control address above on your phone, or start in a bigger terminal")
            return lines
        case .off:
            return lines
        }
    }
}
