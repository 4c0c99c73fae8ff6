import AudioCues
import Foundation
import FrontEndKit

/// Lays the cues into a WAV file on the race's timeline (`audio.out=FILE.wav`): second N of the file
/// is second N of the race after its first frame. Synthesis and writing happen on the player's
/// thread; the timeline is `CueTimeline`, so the file is the same however fast the machine is.
final class FilePlayer: CuePlayer, @unchecked Sendable {
    private enum Event { case cue(Cue), end(Double) }

    private let mailbox = PlayerMailbox()
    // Guarded by the mailbox's lock.
    private var inbox: [Event] = []
    private var closing = false

    // Used on the player's thread only.
    private let sound: CueSound
    private let wav: WAVFile
    private let log: CueLogFile?
    private var timeline = CueTimeline()
    private var rendered: [Int: [Int16]] = [:]
    private var broken = false

    /// Writes to `path` (created or truncated now, so a bad path fails at start).
    init(path: String, sound: CueSound, log: CueLogFile?) throws(FrontEndError) {
        self.sound = sound
        self.log = log
        wav = try WAVFile(path: path, sampleRate: sound.sampleRate)
        mailbox.start("materunner.audio.file") { [self] in run() }
    }

    func offer(_ cues: [Cue], latest: Double) {
        mailbox.post { inbox += cues.map(Event.cue) + [.end(latest)] }
    }

    func takeFailure() -> String? {
        mailbox.takeFailure()
    }

    func close() {
        mailbox.post { closing = true }
        mailbox.waitUntilEnded()
    }

    // MARK: The player's thread

    private func run() {
        var end = 0.0
        while true {
            let (events, last) = mailbox.locked { () -> ([Event], Bool) in
                while inbox.isEmpty && !closing { mailbox.wait() }
                defer { inbox.removeAll() }
                return (inbox, closing)
            }
            for event in events {
                switch event {
                case .cue(let cue): write(timeline.offer(cue, length: length))
                case .end(let seconds): end = max(end, seconds)
                }
            }
            if last { break }
        }
        write(timeline.finish(length: length))
        report { () throws(FrontEndError) in
            try wav.pad(to: max(end, timeline.end))
            try wav.close()
        }
    }

    private func length(_ cue: Cue) -> Double {
        let samples = sound.samples(cue)
        rendered[cue.sequence] = samples
        return Double(samples.count) / Double(sound.sampleRate)
    }

    private func write(_ settled: [(cue: Cue, outcome: CueOutcome)]) {
        for (cue, outcome) in settled {
            let samples = rendered.removeValue(forKey: cue.sequence) ?? []
            if case let .played(start, duration, _) = outcome {
                let count = min(samples.count, Int((duration * Double(sound.sampleRate)).rounded()))
                report { () throws(FrontEndError) in try wav.place(samples[..<count], at: start) }
            }
            if let message = log?.settle(cue, outcome) { mailbox.fail(message) }
        }
    }

    /// Runs `body` unless writing the file failed before; its first failure is reported and ends the file.
    private func report(_ body: () throws(FrontEndError) -> Void) {
        guard !broken else { return }
        do {
            try body()
        } catch {
            broken = true
            mailbox.fail(error.description)
        }
    }
}
