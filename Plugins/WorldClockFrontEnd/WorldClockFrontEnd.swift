import FrontEndKit
import Synchronization

/// The world clock view (seed 004's View): draws `clock` frames, one line per zone, and sends the
/// person's now / previous-day / next-day keys to the host. Redrawn in place on a terminal; a
/// plain block per frame elsewhere. Other frame types are ignored, notices printed.
final class WorldClockFrontEnd: FrontEnd, Sendable {
    private let output: FrontEndOutput
    private let options: FrontEndOptions
    private let drawn = Mutex<(lines: Int, last: [String])>((0, []))
    private let keys = Mutex<TerminalKeyReader?>(nil)

    init(host: FrontEndHostConnection, options: FrontEndOptions) {
        self.options = options
        self.output = FrontEndOutput(fd: options.outputFD)
        if options.isTerminal {
            let reader = TerminalKeyReader(fd: options.inputFD ?? 0) { key in
                if let event = Self.event(for: key) { host.send(event) }
            }
            keys.withLock { $0 = reader }
        }
    }

    /// The input event a key stands for: `y` previous day (yesterday), `n` now, `t` next day
    /// (tomorrow), `q` stop.
    static func event(for key: UInt8) -> FrontEndInputEvent? {
        switch key {
        case UInt8(ascii: "y"), UInt8(ascii: "p"): FrontEndInputEvent(type: .previousDay)
        case UInt8(ascii: "n"): FrontEndInputEvent(type: .now)
        case UInt8(ascii: "t"): FrontEndInputEvent(type: .nextDay)
        case UInt8(ascii: "q"): FrontEndInputEvent(type: .stop)
        default: nil
        }
    }

    func deliver(_ frame: FrontEndFrame) throws {
        let columns = TerminalSize.layoutColumns(fd: options.outputFD, isTerminal: options.isTerminal, fallback: options.columns)
        switch frame.type {
        case .clock:
            guard let clock = frame.clock else { throw FrontEndError("a clock frame without its clock object") }
            let lines = WorldClockLayout.lines(clock, columns: columns)
            if options.isTerminal {
                try redraw(lines + [WorldClockLayout.help(columns: columns)], keep: lines)
            } else {
                try output.write(lines.joined(separator: "\n") + "\n")
            }
        case .notice:
            if options.isTerminal { try redraw([], keep: []) }
            try output.write("[\(frame.level ?? "info")] \(frame.message ?? "")\n")
        default:
            break
        }
    }

    func close() {
        keys.withLock { $0?.stop() }
        let last = drawn.withLock { $0.last }
        if options.isTerminal, !last.isEmpty { try? redraw(last, keep: last) }
    }

    private func redraw(_ lines: [String], keep: [String]) throws {
        try drawn.withLock { drawn in
            var text = drawn.lines > 0 ? "\u{1B}[\(drawn.lines)F" : ""
            for line in lines { text += "\u{1B}[2K" + line + "\n" }
            if lines.count < drawn.lines { text += "\u{1B}[J" }
            drawn = (lines.count, keep)
            try output.write(text)
        }
    }
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "clock", version: "0.1.0") { host, options in
        // No --frontend-option keys yet: any one given is a mistake to report, not to ignore.
        try options.checkSettings(of: "clock", known: [:])
        return WorldClockFrontEnd(host: host, options: options)
    }
}
