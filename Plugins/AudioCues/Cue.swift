/// One thing the audio front-end says or sounds: what kind, the words (or the tone), and the instant on
/// the race clock it belongs to.
public struct Cue: Sendable, Equatable {
    /// The order the cue was made in, from 0: the cue log is written in this order.
    public var sequence: Int
    /// What the cue is about.
    public var kind: CueKind
    /// What the replacement rule compares: a newer cue with the same slot replaces a waiting one
    /// (`split`, `pass`, `cheer:alice`, `mate:bob`...).
    public var slot: String
    /// The race-clock time of the frame that made it, ISO-8601 as the frame carries it.
    public var time: String
    /// The instant it belongs at, in seconds after the first frame (the start of the WAV timeline).
    public var seconds: Double
    /// The words spoken; for a tone, what it stands for (`3`, `GO`).
    public var text: String
    /// A tone instead of speech (the countdown's beeps).
    public var tone: Tone?

    /// A cue of `kind` at `seconds` (made from a frame of race time `time`).
    public init(sequence: Int, kind: CueKind, slot: String? = nil, time: String, seconds: Double, text: String, tone: Tone? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.slot = slot ?? kind.rawValue
        self.time = time
        self.seconds = seconds
        self.text = text
        self.tone = tone
    }
}
