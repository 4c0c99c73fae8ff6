import FrontEndKit

/// Frames in, cues out: what the audio front-end says about a race and at which instant of the race
/// clock. Pure (no sound, no clock of its own: every instant comes from the frames), so a whole race's
/// cues can be checked against its frames.
public struct CueMaker: Sendable {
    /// The distance one runner must lead the other by before the order counts (compared at the same
    /// running time): two runners side by side would otherwise swap places on every frame without
    /// anyone passing anyone.
    public static let passMargin = 5.0

    let splitMetres: Double
    let verbosity: Verbosity
    let phrases: Phrases
    private var origin: Double?
    private var sequence = 0
    private var race = RaceMemory()

    /// The instant of the latest frame, in seconds after the first one (the end of the WAV timeline).
    public private(set) var latestSeconds = 0.0

    /// Cues for a split every `splitMetres`, as much as `verbosity` says, in the words of `phrases`.
    public init(splitMetres: Double = 1000, verbosity: Verbosity = .normal, phrases: Phrases = .of("en")) {
        self.splitMetres = splitMetres
        self.verbosity = verbosity
        self.phrases = phrases
    }

    /// The cues of `settings`.
    public init(settings: AudioSettings) {
        self.init(splitMetres: settings.splitMetres, verbosity: settings.verbosity, phrases: .of(settings.language))
    }

    /// The cues `frame` makes, in the order to say them (often none).
    public mutating func cues(for frame: FrontEndFrame) -> [Cue] {
        let instant = RaceInstant.seconds(frame.time)
        if origin == nil, let instant { origin = instant }
        let seconds = instant.map { max(0, $0 - (origin ?? $0)) } ?? latestSeconds
        latestSeconds = max(latestSeconds, seconds)
        var made: [(kind: CueKind, slot: String?, seconds: Double, text: String, tone: Tone?)] = []
        func say(_ kind: CueKind, _ text: String, slot: String? = nil, at when: Double = seconds, tone: Tone? = nil) {
            made.append((kind, slot, when, text, tone))
        }
        switch frame.type {
        case .status:
            race.update(frame, say: { say($0, $1, slot: $2) }, splitMetres: splitMetres, gapInterval: verbosity.gapInterval, phrases: phrases)
        case .result:
            if let result = race.result(frame, phrases: phrases) { say(.result, result) }
        case .countdown:
            if let countdown = frame.countdown, race.firstHearing(countdown) {
                let start = RaceInstant.seconds(countdown.startsAt).map { $0 - Double(countdown.secondsLeft) - (origin ?? $0) }
                say(countdown.secondsLeft > 0 ? .countdown : .start, countdown.display, at: max(0, start ?? seconds),
                    tone: countdown.secondsLeft > 0 ? .beep : .start)
            }
        case .cheer:
            if let cheer = frame.cheer {
                let target: Phrases.CheerTarget = cheer.to.map { $0 == race.myName ? .you : .mate($0) } ?? .everyone
                say(.cheer, phrases.cheer(from: cheer.from, to: target), slot: "cheer:\(cheer.from)")
            }
        case .invitation:
            if let invitation = frame.invitation, race.firstHearing(invitation) {
                say(.invitation, phrases.invitation(from: invitation.from, mode: invitation.mode,
                                                    goalMetres: invitation.goalMetres, code: invitation.code))
            }
        case .notice:
            let level = frame.level ?? "info"
            if let message = frame.message, level != "info" || verbosity == .chatty { say(.notice, message) }
        case .clock, .course:
            break
        case .waiting:
            // A line redrawn each second, not news: its first saying is the lobby's notice.
            break
        }
        return made.filter { $0.kind.verbosity <= verbosity }.map { cue in
            defer { sequence += 1 }
            return Cue(sequence: sequence, kind: cue.kind, slot: cue.slot, time: frame.time, seconds: cue.seconds, text: cue.text, tone: cue.tone)
        }
    }
}
