import FrontEndKit

/// The audio front-end's `--frontend-option audio.KEY=VALUE` settings, checked.
public struct AudioSettings: Sendable, Equatable {
    /// Every key, with what it sets (for the message about an unknown key).
    public static let known: KeyValuePairs<String, String> = [
        "out": "write a WAV file instead of playing",
        "cues": "write each cue as a JSON line to this file",
        "split": "distance between splits: 500m, 1km, 2.5km",
        "verbosity": "quiet, normal or chatty",
        "language": "the language spoken: \(Phrases.languages.joined(separator: ", "))",
        "voice": "an espeak-ng voice: en-us, en+f3, de",
        "device": "the ALSA device played on (default)",
    ]

    /// Where the WAV goes (`audio.out`); nil: played on `device`.
    public var wavPath: String?
    /// Where the cue log goes (`audio.cues`), one JSON line per cue.
    public var cueLogPath: String?
    /// Metres between two splits (`audio.split`, default 1 km).
    public var splitMetres: Double
    /// How much is said (`audio.verbosity`, default normal).
    public var verbosity: Verbosity
    /// The language of the words (`audio.language`, default en).
    public var language: String
    /// The espeak-ng voice (`audio.voice`, default: the language's own).
    public var voice: String
    /// The ALSA device (`audio.device`, default `default`).
    public var device: String

    /// The settings from `options.settings`; an unknown key or a value that cannot be used is an
    /// error naming it and saying what would do.
    public init(_ settings: [String: String]) throws(FrontEndSettingError) {
        try FrontEndOptions(settings: settings).checkSettings(of: "audio", known: Self.known)
        func failure(_ key: String, _ problem: String) -> FrontEndSettingError {
            FrontEndSettingError(frontEnd: "audio", key: key, value: settings[key] ?? "", problem: problem)
        }
        wavPath = try settings["out"].map { path throws(FrontEndSettingError) in
            guard !path.isEmpty else { throw failure("out", "give a file name, e.g. audio.out=race.wav") }
            return path
        }
        cueLogPath = try settings["cues"].map { path throws(FrontEndSettingError) in
            guard !path.isEmpty else { throw failure("cues", "give a file name, e.g. audio.cues=race-cues.jsonl") }
            return path
        }
        if let split = settings["split"] {
            guard let metres = Self.metres(split), metres >= 100, metres <= 100_000 else {
                throw failure("split", "write a distance from 100m to 100km, e.g. 500m, 1km or 2.5km")
            }
            splitMetres = metres
        } else {
            splitMetres = 1000
        }
        if let name = settings["verbosity"] {
            guard let level = Verbosity(rawValue: name) else { throw failure("verbosity", "write quiet, normal or chatty") }
            verbosity = level
        } else {
            verbosity = .normal
        }
        language = settings["language"] ?? "en"
        guard Phrases.languages.contains(language) else {
            throw failure("language", "the cues are written in \(Phrases.languages.joined(separator: " and ")) only")
        }
        voice = settings["voice"] ?? language
        guard !voice.isEmpty, voice.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw failure("voice", "write an espeak-ng voice name such as en-us or en+f3 (`espeak-ng --voices` lists them)")
        }
        device = settings["device"] ?? "default"
        guard !device.isEmpty else { throw failure("device", "write an ALSA device such as default or hw:1") }
    }

    /// `500m`, `1km`, `2.5 km`, `800` (metres) in metres; nil for anything else.
    static func metres(_ text: String) -> Double? {
        let trimmed = text.lowercased().filter { !$0.isWhitespace }
        let (number, scale): (Substring, Double) =
            trimmed.hasSuffix("km") ? (trimmed.dropLast(2), 1000) : trimmed.hasSuffix("m") ? (trimmed.dropLast(), 1) : (Substring(trimmed), 1)
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return value * scale
    }
}
