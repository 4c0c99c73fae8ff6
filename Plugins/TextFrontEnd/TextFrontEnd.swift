import FrontEndKit

/// A terminal view: one line per runner with a progress bar, redrawn in place on a terminal; on a
/// pipe or file, plain lines at each change of stage or state and once a minute of race time.
final class TextFrontEnd: FrontEnd {
    private let output: FrontEndOutput
    private let options: FrontEndOptions
    private let keys: TerminalKeyReader?
    private var drawnLines = 0
    private var lastStatus: [String] = []
    private var lastPlain: (signature: String, minute: Int)?

    init(host: FrontEndHostConnection, options: FrontEndOptions) {
        self.options = options
        self.output = FrontEndOutput(fd: options.outputFD)
        self.keys = options.isTerminal ? TerminalKeyReader { key in
            if key == UInt8(ascii: "q") { host.send(FrontEndInputEvent(type: .stop)) }
        } : nil
    }

    func deliver(_ frame: FrontEndFrame) throws {
        switch frame.type {
        case .status:
            if options.isTerminal {
                lastStatus = TextLayout.status(frame, columns: width, color: options.color)
                try redraw(lastStatus + ["q: stop"])
            } else if shouldPrintPlain(frame) {
                try output.write(TextLayout.status(frame, columns: width, color: false).joined(separator: "\n") + "\n")
            }
        case .result:
            // The last board stays on screen, without the key help; the result goes below it.
            if options.isTerminal { try redraw(lastStatus) }
            drawnLines = 0
            try output.write(TextLayout.result(frame, color: options.color && options.isTerminal).joined(separator: "\n") + "\n")
        case .notice:
            // A notice goes above the board, which is drawn again below it.
            if options.isTerminal { try redraw([]) }
            try output.write("[\(frame.level ?? "info")] \(frame.message ?? "")\n")
            if options.isTerminal, !lastStatus.isEmpty { try redraw(lastStatus + ["q: stop"]) }
        }
    }

    func close() {
        keys?.stop()
        // Leave the last board on screen without the key help.
        if options.isTerminal, drawnLines > 0 { try? redraw(lastStatus) }
    }

    private var width: Int { max(40, options.columns ?? 80) }

    /// Replaces the previously drawn block with `lines`.
    private func redraw(_ lines: [String]) throws {
        var text = ""
        if drawnLines > 0 { text += "\u{1B}[\(drawnLines)F" }
        for line in lines { text += "\u{1B}[2K" + line + "\n" }
        if lines.count < drawnLines { text += "\u{1B}[J" }
        drawnLines = lines.count
        try output.write(text)
    }

    /// Plain output prints when the stage or a runner's state changes, and once a minute of race time.
    private func shouldPrintPlain(_ frame: FrontEndFrame) -> Bool {
        let states = (frame.runners ?? []).map { "\($0.id)=\($0.state)" }.sorted()
        let signature = ([frame.stage ?? ""] + states).joined(separator: ",")
        let minute = Int((frame.elapsedSeconds ?? 0) / 60)
        defer { lastPlain = (signature, minute) }
        guard let lastPlain else { return true }
        return lastPlain.signature != signature || lastPlain.minute != minute
    }
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "text", version: "0.1.0") { host, options in
        TextFrontEnd(host: host, options: options)
    }
}
