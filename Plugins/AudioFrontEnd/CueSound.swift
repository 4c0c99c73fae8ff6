import AudioCues

/// What a cue sounds like: its tone, or its words spoken.
struct CueSound: Sendable {
    let synthesizer: SpeechSynthesizer

    var sampleRate: Int { synthesizer.sampleRate }

    func samples(_ cue: Cue) -> [Int16] {
        cue.tone.map { $0.samples(sampleRate: sampleRate) } ?? synthesizer.samples(for: cue.text)
    }
}
