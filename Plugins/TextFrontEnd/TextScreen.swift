import FrontEndKit

/// What the terminal view shows, kept between frames and key presses: the board, an invitation
/// waiting for an answer, the countdown, the latest cheers, and whether a cancel is being confirmed.
/// Pure: it turns frames and keys into lines and input events; `TextFrontEnd` does the I/O.
struct TextScreen {
    static let cheerEmoji = "👏"
    static let keptCheers = 3

    private(set) var status: FrontEndFrame?
    private(set) var invitation: FrontEndInvitation?
    private(set) var countdown: FrontEndCountdown?
    private(set) var cheers: [String] = []
    private(set) var confirmingCancel = false
    /// A line about the last answer given, e.g. `you accepted bob's invitation`.
    private(set) var answer: String?
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
            answer = nil
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
            guard let pending = invitation else { return nil }
            invitation = nil
            let accepted = key == UInt8(ascii: "a")
            answer = "you \(accepted ? "accepted" : "declined") \(pending.from)'s invitation"
            return FrontEndInputEvent(type: accepted ? .accept : .decline, invitation: pending.id)
        case UInt8(ascii: "c"), UInt8(ascii: "q"):
            guard status != nil || countdown != nil else { return nil }
            confirmingCancel = true
            return nil
        case UInt8(ascii: "e"):
            guard status?.stage == "running" || status?.stage == "complete" else { return nil }
            cheers = Array((cheers + ["you cheer \(Self.cheerEmoji)"]).suffix(Self.keptCheers))
            return FrontEndInputEvent(type: .cheer, emoji: Self.cheerEmoji)
        default:
            return nil
        }
    }

    // MARK: Drawing

    /// The block of lines drawn (and redrawn in place) on a terminal.
    func block(columns: Int, color: Bool, withHelp: Bool = true) -> [String] {
        var lines = status.map { TextLayout.status($0, columns: columns, color: color) } ?? []
        if let countdown { lines.append(TextLayout.countdown(countdown)) }
        if let invitation { lines.append(TextLayout.invitation(invitation)) }
        if let answer { lines.append(answer) }
        lines += cheers
        if withHelp, let help = help { lines.append(help) }
        return lines.map { $0.contains("\u{1B}") ? $0 : TextLayout.fit($0, columns: columns) }
    }

    /// The keys offered now.
    var help: String? {
        if isOver { return nil }
        if confirmingCancel { return "Cancel the run? y: yes, other key: no" }
        if invitation != nil { return "a: accept  d: decline" }
        if status?.stage == "running" { return "c: cancel  e: cheer" }
        if status != nil || countdown != nil { return "c: cancel" }
        return nil
    }
}
