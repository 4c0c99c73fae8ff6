import AudioCues
import FrontEndKit
import Testing

/// `--frontend-option audio.KEY=VALUE`: the defaults, every key, and a message for each mistake.
@Suite("AudioSettings")
struct AudioSettingsTests {
    @Test("defaults: played on the default device, a split each kilometre, normal, English")
    func defaults() throws {
        let settings = try AudioSettings([:])
        #expect(settings.wavPath == nil && settings.cueLogPath == nil)
        #expect(settings.splitMetres == 1000 && settings.verbosity == .normal)
        #expect(settings.language == "en" && settings.voice == "en" && settings.device == "default")
    }

    static let splits: [(String, Double)] = [("500m", 500), ("1km", 1000), ("2.5 km", 2500), ("800", 800), ("0.1KM", 100)]

    @Test("audio.split in metres or kilometres", arguments: splits)
    func split(text: String, metres: Double) throws {
        #expect(try AudioSettings(["split": text]).splitMetres == metres)
    }

    @Test("out, cues, verbosity, language, voice, device")
    func keys() throws {
        let settings = try AudioSettings(["out": "race.wav", "cues": "cues.jsonl", "verbosity": "chatty", "language": "de",
                                          "voice": "de+f3", "device": "hw:1"])
        #expect(settings.wavPath == "race.wav" && settings.cueLogPath == "cues.jsonl" && settings.verbosity == .chatty)
        #expect(settings.language == "de" && settings.voice == "de+f3" && settings.device == "hw:1")
        #expect(try AudioSettings(["language": "de"]).voice == "de")
    }

    static let mistakes: [([String: String], String)] = [
        (["volume": "11"], "--frontend-option audio.volume=11: unknown option; the audio front-end knows out ("),
        (["split": "fast"], "--frontend-option audio.split=fast: write a distance from 100m to 100km"),
        (["split": "10m"], "--frontend-option audio.split=10m: write a distance from 100m to 100km"),
        (["split": "-1km"], "--frontend-option audio.split=-1km: write a distance"),
        (["verbosity": "loud"], "--frontend-option audio.verbosity=loud: write quiet, normal or chatty"),
        (["language": "fr"], "--frontend-option audio.language=fr: the cues are written in en and de only"),
        (["voice": "en us"], "--frontend-option audio.voice=en us: write an espeak-ng voice name"),
        (["out": ""], "--frontend-option audio.out=: give a file name"),
    ]

    @Test("mistakes name the key and say what would do", arguments: mistakes)
    func mistake(settings: [String: String], message: String) {
        #expect {
            try AudioSettings(settings)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
