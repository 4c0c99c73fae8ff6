import AudioCues
import Foundation
import FrontEndKit

/// Lays the cues into a WAV file on the race's timeline (`audio.out=FILE.wav`): second N of the file
/// is second N of the race after its first frame. Synthesis and writing happen on the player's
/// thread; the timeline is `CueTimeline`, so the file is the same however fast the machine is.
final class FilePlayer: CuePlayer, @unchecked Sendable {
    private enum Event { case cue(Cue), end(Double) }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var inbox: [Event] = []
    private var failure: String?
    private var closing = false

    // Used on the player's thread only.
    private let sound: CueSound
    private let wav: WAVFile
    private let log: CueLogFile?
    private var timeline = CueTimeline()
    private var rendered: [Int: [Int16]] = [:]
    private var broken = false
    private let done = DispatchSemaphore(value: 0)

    /// Writes to `path` (created or truncated now, so a bad path fails at start).
    init(path: String, sound: CueSound, log: CueLogFile?) throws(FrontEndError) {
        self.sound = sound
        self.log = log
        wav = try WAVFile(path: path, sampleRate: sound.sampleRate)
        let thread = Thread { [self] in run() }
        thread.name = "materunner.audio.file"
        thread.start()
    }

    func offer(_ cues: [Cue], latest: Double) {
        condition.withLock {
            inbox += cues.map(Event.cue) + [.end(latest)]
            condition.signal()
        }
    }

    func takeFailure() -> String? {
        condition.withLock {
            defer { failure = nil }
            return failure
        }
    }

    func close() {
        condition.withLock {
            closing = true
            condition.signal()
        }
        done.wait()
    }

    // MARK: The player's thread

    private func run() {
        var end = 0.0
        while true {
            let (events, last) = condition.withLock { () -> ([Event], Bool) in
                while inbox.isEmpty && !closing { condition.wait() }
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
        done.signal()
    }

    private func length(_ cue: Cue) -> Double {
        let samples = sound.samples(cue)
        rendered[cue.sequence] = samples
        return Double(samples.count) / Double(sound.sampleRate)
    }

    private func write(_ settled: [(cue: Cue, outcome: CueOutcome)]) {
        for (cue, outcome) in settled {
            let samples = rendered.removeValue(forKey: cue.sequence) ?? []
            if case let .played(start, duration, _) = outcome, !broken {
                let count = min(samples.count, Int((duration * Double(sound.sampleRate)).rounded()))
                report { () throws(FrontEndError) in try wav.place(samples[..<count], at: start) }
            }
            if let message = log?.settle(cue, outcome) { fail(message) }
        }
    }

    private func report(_ body: () throws(FrontEndError) -> Void) {
        guard !broken else { return }
        do {
            try body()
        } catch {
            broken = true
            fail(error.description)
        }
    }

    private func fail(_ message: String) {
        condition.withLock { failure = failure ?? message }
    }
}
