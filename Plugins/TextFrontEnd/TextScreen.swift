import FrontEndKit

/// What the terminal view shows, kept between frames and key presses: the board, the latest
/// invitation and where it stands, the countdown, the latest cheers, and whether a cancel is being
/// confirmed. The keys offered are the ones the host says the screen takes (a status frame's
/// `inputs`): a spectator's screen offers only `q` to stop watching.
/// Pure: it turns frames and keys into lines and input events; `TextFrontEnd` does the I/O.
struct TextScreen {
    static let cheerEmoji = "👏"
    static let keptCheers = 3

    private(set) var status: FrontEndFrame?
    private(set) var invitation: FrontEndInvitation?
    private(set) var countdown: FrontEndCountdown?
    /// The joiner's wait line (`alice is waiting for an invitation: 3 s left`), while it is up.
    private(set) var waitLine: String?
    private(set) var cheers: [String] = []
    private(set) var confirmingCancel = false
    /// The result was shown: no more keys are offered.
    private(set) var isOver = false

    var myName: String? { status?.runners?.first(where: \.me)?.name }

    // MARK: Frames

    /// Takes a frame into the screen; returns a line to print above the board, if the frame is one.
    mutating func apply(_ frame: FrontEndFrame) -> String? {
        switch frame.type {
        case .status:
            status = frame
            if frame.stage == "running", countdown?.secondsLeft == 0 { countdown = nil }
        case .invitation:
            invitation = frame.invitation
        case .countdown:
            countdown = frame.countdown
            invitation = nil
        case .cheer:
            if let cheer = frame.cheer {
                cheers = Array((cheers + [cheer.display(me: myName)]).suffix(Self.keptCheers))
            }
        case .result:
            isOver = true
            confirmingCancel = false
        case .notice:
            return "[\(frame.level ?? "info")] \(frame.message ?? "")"
        case .waiting:
            waitLine = frame.waiting == nil ? nil : frame.message
        case .clock:
            break
        case .course:
            return frame.course.map(TextLayout.course)
        }
        return nil
    }

    // MARK: Keys

    /// Takes a key press; returns the input event it stands for, if any.
    mutating func press(_ key: UInt8) -> FrontEndInputEvent? {
        guard !isOver else { return nil }
        if confirmingCancel {
            confirmingCancel = false
            return key == UInt8(ascii: "y") || key == UInt8(ascii: "Y") ? FrontEndInputEvent(type: .cancel) : nil
        }
        switch key {
        case UInt8(ascii: "a"), UInt8(ascii: "d"):
            // The host answers, or says why nothing was answered (an invitation no longer open):
            // the invitation's next frame, or a notice, shows what came of it.
            guard let last = invitation, countdown == nil, status == nil else { return nil }
            return FrontEndInputEvent(type: key == UInt8(ascii: "a") ? .accept : .decline, invitation: last.id)
        case UInt8(ascii: "c"), UInt8(ascii: "q"):
            guard status != nil || countdown != nil else { return nil }
            if takes(.cancel) {
                confirmingCancel = true
                return nil
            }
            return key == UInt8(ascii: "q") && takes(.stop) ? FrontEndInputEvent(type: .stop) : nil
        case UInt8(ascii: "e"):
            guard takes(.cheer), status?.stage == "running" || status?.stage == "complete" else { return nil }
            cheers = Array((cheers + ["you cheer \(Self.cheerEmoji)"]).suffix(Self.keptCheers))
            return FrontEndInputEvent(type: .cheer, emoji: Self.cheerEmoji)
        default:
            return nil
        }
    }

    /// Whether the screen takes `kind`: what the last status frame's `inputs` list (a runner's
    /// stop, cancel and cheer where it does not say).
    func takes(_ kind: FrontEndInputEvent.Kind) -> Bool {
        guard let inputs = status?.inputs else { return kind == .stop || kind == .cancel || kind == .cheer }
        return inputs.contains(kind.rawValue)
    }

    // MARK: Drawing

    /// The block of lines drawn (and redrawn in place) on a terminal.
    func block(columns: Int, color: Bool, withHelp: Bool = true) -> [String] {
        var lines = status.map { TextLayout.status($0, columns: columns, color: color) } ?? []
        if let countdown { lines.append(TextLayout.countdown(countdown)) }
        if let waitLine, countdown == nil, status == nil { lines.append(waitLine) }
        if let invitation, countdown == nil, status == nil { lines.append(TextLayout.invitation(invitation)) }
        lines += cheers
        if withHelp, let help = help { lines.append(help) }
        return lines.map { $0.contains("\u{1B}") ? $0 : TextLayout.fit($0, columns: columns) }
    }

    /// The keys offered now.
    var help: String? {
        if isOver { return nil }
        if confirmingCancel { return "Cancel the run? y: yes, other key: no" }
        if status == nil, countdown == nil, invitation?.isOpen == true { return "a: accept  d: decline" }
        guard status != nil || countdown != nil else { return nil }
        var keys: [String] = []
        if takes(.cancel) {
            keys.append("c: cancel")
        } else if takes(.stop) {
            keys.append("q: stop watching")
        }
        if takes(.cheer), status?.stage == "running" { keys.append("e: cheer") }
        return keys.isEmpty ? nil : keys.joined(separator: "  ")
    }
}
