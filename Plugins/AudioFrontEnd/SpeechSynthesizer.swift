import CEspeakNG
import FrontEndKit
import Synchronization

/// Text to 16-bit mono samples through eSpeak NG (synchronous mode: no sound device of its own).
/// eSpeak NG keeps one voice for the whole process, so every call goes through one lock; the audio
/// front-end synthesizes on its own thread only.
final class SpeechSynthesizer: Sendable {
    /// The samples of the call under way (eSpeak hands them to a C callback without context).
    private static let collected = Mutex<[Int16]>([])
    /// Serializes everything that touches eSpeak's global state; holds whether it is initialized.
    private static let engine = Mutex<Int?>(nil)

    /// Samples per second of the synthesized speech (22050 for eSpeak NG's own voices).
    let sampleRate: Int
    private let voice: String

    /// eSpeak NG, speaking with `voice`; fails with what to do when eSpeak's data or the voice is missing.
    init(voice: String) throws(FrontEndError) {
        self.voice = voice
        sampleRate = try Self.engine.withLock { rate throws(FrontEndError) -> Int in
            if rate == nil {
                espeak_ng_InitializePath(nil)
                let status = espeak_ng_Initialize(nil)
                guard status == ENS_OK else {
                    throw FrontEndError("audio: eSpeak NG cannot start (\(Self.message(status))): install espeak-ng-data, "
                        + "or write the cues alone with --frontend-option audio.cues=FILE")
                }
                let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
                guard output == ENS_OK else { throw FrontEndError("audio: eSpeak NG cannot synthesize (\(Self.message(output)))") }
                espeak_SetSynthCallback { samples, count, _ in
                    guard let samples, count > 0 else { return 0 }
                    SpeechSynthesizer.collected.withLock { $0.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count))) }
                    return 0
                }
                rate = Int(espeak_ng_GetSampleRate())
            }
            let status = espeak_ng_SetVoiceByName(voice)
            guard status == ENS_OK else {
                throw FrontEndError("audio: eSpeak NG has no voice \"\(voice)\" (\(Self.message(status))); "
                    + "`espeak-ng --voices` lists the installed ones: pass one with --frontend-option audio.voice=NAME")
            }
            return rate ?? 22_050
        }
    }

    /// The samples of `text` spoken, without the silence eSpeak puts before it (so a cue sounds at its
    /// instant) and with 50 ms of the silence after it; empty when eSpeak fails.
    func samples(for text: String) -> [Int16] {
        Self.engine.withLock { _ in
            Self.collected.withLock { $0.removeAll(keepingCapacity: true) }
            _ = espeak_ng_SetVoiceByName(voice)
            let status = text.withCString { pointer in
                espeak_ng_Synthesize(pointer, text.utf8.count + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
            }
            let samples = Self.collected.withLock { collected in
                defer { collected.removeAll() }
                return collected
            }
            guard status == ENS_OK else { return [] }
            guard let first = samples.firstIndex(where: { abs(Int($0)) > 64 }),
                  let last = samples.lastIndex(where: { abs(Int($0)) > 64 }) else { return [] }
            return Array(samples[first...min(samples.count - 1, last + sampleRate / 20)])
        }
    }

    private static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
