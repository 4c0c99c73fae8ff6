import AudioCues

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
