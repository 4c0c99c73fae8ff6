import CALSA
import FrontEndKit

#if canImport(Glibc)
import Glibc
#endif

/// An ALSA playback device, 16-bit mono. Opened without blocking (a device another program holds
/// fails at once instead of hanging) and written with bounded waits, so a device that stops taking
/// samples is a failure after a second, never a hang.
final class SoundDevice {
    private let pcm: OpaquePointer
    let sampleRate: Int
    let name: String

    /// Opens `name` (`default`, `hw:1`, `plughw:0,0`) for `sampleRate` samples a second; fails with a
    /// sentence saying what to do (no device, no permission, busy).
    init(name: String, sampleRate: Int) throws(FrontEndError) {
        materunner_alsa_quiet()
        self.name = name
        self.sampleRate = sampleRate
        var handle: OpaquePointer?
        var status = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let handle else { throw Self.openFailure(name, status) }
        status = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, 200_000)
        guard status >= 0 else {
            snd_pcm_close(handle)
            throw FrontEndError("audio: the sound device \"\(name)\" cannot play 16-bit mono at \(sampleRate) Hz "
                + "(\(Self.reason(status))); choose another with --frontend-option audio.device=NAME (`aplay -L` lists them)")
        }
        pcm = handle
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// Plays `samples`, in chunks of about 50 ms, asking `keepGoing` before each; returns how many
    /// samples were handed to the device. Throws when the device fails or stops taking samples.
    func play(_ samples: [Int16], keepGoing: () -> Bool) throws(FrontEndError) -> Int {
        let chunk = max(1, sampleRate / 20)
        var offset = 0
        var stalls = 0
        while offset < samples.count, keepGoing() {
            let count = min(chunk, samples.count - offset)
            let written = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress.map { $0 + offset }, snd_pcm_uframes_t(count))
            }
            if written >= 0 {
                offset += Int(written)
                stalls = 0
            } else if written == -Int(EAGAIN) {
                // The buffer is full: wait until it has room, at most half a second at a time.
                let ready = snd_pcm_wait(pcm, 500)
                if ready <= 0 {
                    stalls += 1
                    if ready < 0 { _ = snd_pcm_recover(pcm, ready, 1) }
                }
            } else if snd_pcm_recover(pcm, Int32(written), 1) < 0 {
                throw FrontEndError("audio: the sound device \"\(name)\" failed (\(Self.reason(Int32(written)))); "
                    + "the race goes on without sound")
            } else {
                // An underrun (nothing was written between two cues) or a resume: recovered; counted, so
                // that a device failing over and over is given up on.
                stalls += 1
            }
            guard stalls < 4 else {
                throw FrontEndError("audio: the sound device \"\(name)\" stopped taking sound; the race goes on without sound")
            }
        }
        return offset
    }

    /// Drops what the device still holds (the countdown cut a cue short).
    func stop() {
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    /// Waits until what was written has been heard, at most `limit` seconds.
    func finish(limit: Double) {
        var delay: snd_pcm_sframes_t = 0
        if snd_pcm_delay(pcm, &delay) >= 0, delay > 0 {
            let seconds = min(limit, Double(delay) / Double(sampleRate))
            usleep(useconds_t(seconds * 1_000_000))
        }
        snd_pcm_drop(pcm)
    }

    private static func openFailure(_ name: String, _ status: Int32) -> FrontEndError {
        let advice = switch -status {
        case EACCES, EPERM: "this user may not use the sound device: add it to the audio group (`sudo adduser $USER audio`, then log in again)"
        case EBUSY: "another program holds the sound device: close it, or use a mixing device such as default"
        default: "no sound card here? write the race to a file instead: --frontend-option audio.out=race.wav"
        }
        // The device is missing, taken or forbidden: a service unavailable, not a mistake on the command line.
        return FrontEndError(
            "audio: cannot open the sound device \"\(name)\" (\(reason(status))); \(advice)", exitStatus: FrontEndFailureStatus.unavailable
        )
    }

    private static func reason(_ status: Int32) -> String {
        snd_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
