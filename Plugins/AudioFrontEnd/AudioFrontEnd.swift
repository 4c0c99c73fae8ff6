import AudioCues
import FrontEndKit
import Synchronization

/// The race in your ears: the countdown's beeps, splits, passes, the gap, mates' news, cheers, off
/// course, the invitation and the result, spoken by eSpeak NG and played on an ALSA device, or laid
/// into a WAV file on the race's timeline (`audio.out`). `CueMaker` decides what to say and when;
/// a `CuePlayer` says it on a thread of its own, so `deliver` returns at once.
final class AudioFrontEnd: FrontEnd, Sendable {
    private let maker: Mutex<CueMaker>
    private let player: any CuePlayer

    /// Checks the settings, opens the voice, the files and the device: anything missing fails here,
    /// before the race, with what to do.
    init(options: FrontEndOptions) throws(FrontEndError) {
        let settings: AudioSettings
        do {
            settings = try AudioSettings(options.settings)
        } catch {
            throw FrontEndError(error.description)
        }
        let sound = CueSound(synthesizer: try SpeechSynthesizer(voice: settings.voice))
        let log = try settings.cueLogPath.map { path throws(FrontEndError) in try CueLogFile(path: path) }
        if let wavPath = settings.wavPath {
            player = try FilePlayer(path: wavPath, sound: sound, log: log)
        } else {
            player = LivePlayer(device: try SoundDevice(name: settings.device, sampleRate: sound.sampleRate), sound: sound, log: log)
        }
        maker = Mutex(CueMaker(settings: settings))
    }

    func deliver(_ frame: FrontEndFrame) throws {
        let (cues, latest) = maker.withLock { maker in (maker.cues(for: frame), maker.latestSeconds) }
        player.offer(cues, latest: latest)
        // The host logs it as a warning naming this front-end; the race goes on (silent if need be).
        if let failure = player.takeFailure() { throw FrontEndError(failure) }
    }

    func close() {
        player.close()
    }
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "audio", version: "0.1.0") { _, options in
        try AudioFrontEnd(options: options)
    }
}
