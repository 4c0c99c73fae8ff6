import AudioCues
import Foundation
import FrontEndKit

/// Plays the cues on an ALSA device as they come, one at a time on the player's own thread, under
/// `CueQueue`'s policy: newer cues replace waiting ones of the same slot, stale ones are dropped, and
/// the countdown cuts whatever is playing. Times are seconds since the player started.
final class LivePlayer: CuePlayer, @unchecked Sendable {
    /// How long `close()` lets the waiting cues (the result) play out.
    static let closingGrace = 15.0

    private let mailbox = PlayerMailbox()
    // Guarded by the mailbox's lock.
    private var queue = CueQueue()
    private var playing: Cue?
    private var cutting = false
    private var closingAt: Double?
    private var broken = false

    private let sound: CueSound
    private let device: SoundDevice
    private let log: CueLogFile?
    private let started = ContinuousClock.now

    /// Plays on `device`.
    init(device: SoundDevice, sound: CueSound, log: CueLogFile?) {
        self.device = device
        self.sound = sound
        self.log = log
        mailbox.start("materunner.audio.live") { [self] in run() }
    }

    private var now: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func offer(_ cues: [Cue], latest: Double) {
        guard !cues.isEmpty else { return }
        let replaced = mailbox.post { () -> [Cue] in
            var replaced: [Cue] = []
            for cue in cues {
                if let playing, CueQueue.cuts(playing, for: cue) { cutting = true }
                replaced += queue.offer(cue, at: now)
            }
            return replaced
        }
        for cue in replaced { settle(cue, .replaced) }
    }

    func takeFailure() -> String? {
        mailbox.takeFailure()
    }

    func close() {
        mailbox.post { closingAt = now }
        mailbox.waitUntilEnded()
    }

    // MARK: The player's thread

    private func run() {
        while let cue = nextCue() {
            let samples = sound.samples(cue)
            let start = now
            var played = 0
            var cut = false
            do {
                played = try device.play(samples) {
                    mailbox.locked {
                        cut = cutting || (closingAt.map { now - $0 > Self.closingGrace } ?? false)
                        return !cut
                    }
                }
                if cut { device.stop() }
            } catch {
                mailbox.locked { broken = true }
                mailbox.fail(error.description)
            }
            mailbox.locked { playing = nil }
            settle(cue, played > 0 || samples.isEmpty
                ? .played(start: start, duration: Double(played) / Double(sound.sampleRate), cut: cut) : .failed)
        }
        device.finish(limit: 2)
    }

    /// The next cue to play; nil once closing and nothing is left (or the grace is over). Cues left
    /// behind then, or while the device is broken, are settled as stale or failed.
    private func nextCue() -> Cue? {
        var dropped: [(Cue, CueOutcome)] = []
        defer { for (cue, outcome) in dropped { settle(cue, outcome) } }
        return mailbox.locked { () -> Cue? in
            while true {
                while queue.cues.isEmpty && closingAt == nil { mailbox.wait() }
                let over = closingAt.map { now - $0 > Self.closingGrace } ?? false
                let (cue, stale) = queue.next(at: now)
                dropped += stale.map { ($0, .stale) }
                guard let cue else { return nil }
                if over || broken {
                    dropped.append((cue, over ? .stale : .failed))
                    continue
                }
                playing = cue
                cutting = false
                return cue
            }
        }
    }

    private func settle(_ cue: Cue, _ outcome: CueOutcome) {
        if let message = log?.settle(cue, outcome) { mailbox.fail(message) }
    }
}
