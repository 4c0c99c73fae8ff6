import FrontEndKit
import Synchronization

/// A terminal view. On a terminal: one block redrawn in place (the board with a progress bar per
/// runner, the countdown, an invitation or the wait for one, cheers, the keys), keys read from the terminal and sent to
/// the host as input events. On a pipe or file (or without colour): plain lines, no escape codes, at
/// each change of stage or state and once a minute of race time.
final class TextFrontEnd: FrontEnd, Sendable {
    private struct State {
        var screen = TextScreen()
        var drawnLines = 0
        var drawnColumns: Int?
        var lastPlain: (signature: String, minute: Int)?
        /// The invitation last printed as a plain line (id and state): its time left is not printed every second.
        var lastInvitation: String?
        /// The wait line was printed as a plain line: its seconds are not printed every second.
        var printedWait = false
    }

    private let output: FrontEndOutput
    private let options: FrontEndOptions
    private let host: FrontEndHostConnection
    private let state = Mutex(State())
    private let keys = Mutex<TerminalKeyReader?>(nil)

    init(host: FrontEndHostConnection, options: FrontEndOptions) {
        self.options = options
        self.host = host
        self.output = FrontEndOutput(fd: options.outputFD)
        if options.isTerminal {
            let reader = TerminalKeyReader(fd: options.inputFD ?? 0) { [weak self] key in self?.press(key) }
            keys.withLock { $0 = reader }
        }
    }

    func deliver(_ frame: FrontEndFrame) throws {
        try state.withLock { state in
            let line = state.screen.apply(frame)
            if options.isTerminal {
                try drawTerminal(frame, line: line, state: &state)
            } else {
                try drawPlain(frame, line: line, state: &state)
            }
        }
    }

    func close() {
        keys.withLock { $0?.stop() }
        // Leave the last board on screen without the key help.
        state.withLock { state in
            if options.isTerminal, state.drawnLines > 0 {
                try? redraw(state.screen.block(columns: columns, color: options.color, withHelp: false), state: &state)
            }
        }
    }

    // MARK: Keys

    private func press(_ key: UInt8) {
        let event: FrontEndInputEvent? = state.withLock { state in
            let event = state.screen.press(key)
            try? redraw(state.screen.block(columns: columns, color: options.color), state: &state)
            return event
        }
        if let event { host.send(event) }
    }

    // MARK: Drawing

    private var columns: Int {
        TerminalSize.layoutColumns(fd: options.outputFD, isTerminal: options.isTerminal, fallback: options.columns)
    }

    private func drawTerminal(_ frame: FrontEndFrame, line: String?, state: inout State) throws {
        let columns = self.columns
        if frame.type == .result {
            // The last board stays on screen, without the key help; the result goes below it.
            try redraw(state.screen.block(columns: columns, color: options.color, withHelp: false), state: &state)
            state.drawnLines = 0
            try output.write(TextLayout.result(frame, columns: columns, color: options.color).joined(separator: "\n") + "\n")
            return
        }
        if let line {
            // A notice goes above the block, which is drawn again below it; a long one wraps, every word kept.
            try redraw([], state: &state)
            try output.write(TextLayout.wrap(line, columns: columns).joined(separator: "\n") + "\n")
        }
        try redraw(state.screen.block(columns: columns, color: options.color), state: &state)
    }

    private func drawPlain(_ frame: FrontEndFrame, line: String?, state: inout State) throws {
        let columns = self.columns
        switch frame.type {
        case .status:
            guard shouldPrintPlain(frame, state: &state) else { return }
            try output.write(TextLayout.status(frame, columns: columns, color: false).joined(separator: "\n") + "\n")
        case .result:
            try output.write(TextLayout.result(frame, columns: columns, color: false).joined(separator: "\n") + "\n")
        case .notice:
            try output.write((line ?? "") + "\n")
        case .invitation:
            guard let invitation = frame.invitation else { return }
            let signature = "\(invitation.id)=\(invitation.state ?? "open")"
            guard signature != state.lastInvitation else { return }
            state.lastInvitation = signature
            try output.write(TextLayout.invitation(invitation) + "\n")
        case .countdown:
            if let countdown = frame.countdown { try output.write(TextLayout.countdown(countdown) + "\n") }
        case .cheer:
            if let cheer = frame.cheer { try output.write(cheer.display(me: state.screen.myName) + "\n") }
        case .waiting:
            if frame.waiting != nil, !state.printedWait, let message = frame.message {
                try output.write(message + "\n")
            }
            state.printedWait = frame.waiting != nil
        case .clock:
            break
        case .course:
            try output.write((line ?? "") + "\n")
        }
    }

    /// Replaces the previously drawn block with `lines`. When the width changed since the last
    /// drawing, old lines may have wrapped: the screen is cleared and the block drawn at the top.
    private func redraw(_ lines: [String], state: inout State) throws {
        var text = ""
        let columns = self.columns
        if let drawn = state.drawnColumns, drawn != columns, state.drawnLines > 0 {
            text += "\u{1B}[H\u{1B}[2J"
        } else if state.drawnLines > 0 {
            text += "\u{1B}[\(state.drawnLines)F"
        }
        for line in lines { text += "\u{1B}[2K" + line + "\n" }
        if lines.count < state.drawnLines { text += "\u{1B}[J" }
        state.drawnLines = lines.count
        state.drawnColumns = columns
        try output.write(text)
    }

    /// Plain output prints when the stage, the position source's state or a runner's state changes, and
    /// once a minute of race time.
    private func shouldPrintPlain(_ frame: FrontEndFrame, state: inout State) -> Bool {
        let states = (frame.runners ?? []).map { "\($0.id)=\($0.state)\($0.offCourse == true ? "/off" : "")" }.sorted()
        // The first dropped fix prints too (a count going up does not: the next print carries it).
        let dropped = frame.position?.droppedFixes == nil ? "" : "dropped"
        let signature = ([frame.stage ?? "", frame.position?.state ?? "", dropped] + states).joined(separator: ",")
        let minute = Int((frame.elapsedSeconds ?? 0) / 60)
        defer { state.lastPlain = (signature, minute) }
        guard let last = state.lastPlain else { return true }
        return last.signature != signature || last.minute != minute
    }
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "text", version: "0.2.0") { host, options in
        // No --frontend-option keys yet: any one given is a mistake to report, not to ignore.
        try options.checkSettings(of: "text", known: [:])
        return TextFrontEnd(host: host, options: options)
    }
}
