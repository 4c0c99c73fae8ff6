import Foundation

/// A plain tone: a sine at `frequency` for `duration` seconds, with short fades so it does not click.
public struct Tone: Sendable, Equatable {
    /// Hertz.
    public var frequency: Double
    /// Seconds.
    public var duration: Double

    /// A tone of `frequency` Hz lasting `duration` s.
    public init(frequency: Double, duration: Double) {
        self.frequency = frequency
        self.duration = duration
    }

    /// The countdown's beep (3, 2, 1): short, A5.
    public static let beep = Tone(frequency: 880, duration: 0.15)
    /// The start: longer and an octave higher, so it cannot be taken for a fourth beep.
    public static let start = Tone(frequency: 1760, duration: 0.6)

    /// 16-bit mono samples at `sampleRate`, peak at about half of full scale, 5 ms fade in and out.
    public func samples(sampleRate: Int) -> [Int16] {
        let count = max(0, Int((duration * Double(sampleRate)).rounded()))
        let fade = min(count / 2, sampleRate / 200)
        let amplitude = 16_000.0
        return (0..<count).map { index in
            let envelope = fade == 0 ? 1 : min(1, Double(min(index, count - 1 - index)) / Double(fade))
            let phase = 2 * Double.pi * frequency * Double(index) / Double(sampleRate)
            return Int16((amplitude * envelope * sin(phase)).rounded())
        }
    }
}
