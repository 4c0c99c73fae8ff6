import AudioCues

/// What a cue sounds like: its tone, or its words spoken.
struct CueSound: Sendable {
    let synthesizer: SpeechSynthesizer

    var sampleRate: Int { synthesizer.sampleRate }

    func samples(_ cue: Cue) -> [Int16] {
        cue.tone.map { $0.samples(sampleRate: sampleRate) } ?? synthesizer.samples(for: cue.text)
    }
}

/// Where the audio front-end's cues go: played live or laid into a WAV file, on a thread of the
/// player's own so that `deliver` returns at once.
protocol CuePlayer: AnyObject, Sendable {
    /// Hands over the cues of one frame; `latest` is the frame's instant (seconds after the first frame).
    func offer(_ cues: [Cue], latest: Double)
    /// A failure to report once (the race goes on without sound), if one happened since the last call.
    func takeFailure() -> String?
    /// Plays out what is left (bounded), stops the thread, closes the files.
    func close()
}
