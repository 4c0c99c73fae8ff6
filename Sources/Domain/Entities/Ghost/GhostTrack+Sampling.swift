import Foundation

extension GhostTrack {
    /// Why a run cannot be a ghost.
    public enum SamplingError: Error, Equatable, Sendable {
        /// Fewer than two timed points, or points spanning less than a second.
        case untimed
        /// The run covered no distance.
        case noDistance
    }

    /// Samples a run's progress `points` (seconds since its start, metres; in any order) every step:
    /// 1 s, or longer so that the whole run fits in `maximumSamples`. Distances are made never to
    /// decrease, and a step's growth is capped at `maximumStepCentimetres` (no runner covers 655 m in a
    /// step: a larger jump is a bad fix). `name` is cut to the 32 bytes a name has on the wire.
    public static func sampling(
        _ points: [(elapsed: TimeInterval, distance: Double)], name: String
    ) throws(SamplingError) -> GhostTrack {
        let usable = points.filter { $0.elapsed.isFinite && $0.distance.isFinite && $0.elapsed >= 0 }
            .sorted { $0.elapsed < $1.elapsed }
        guard let last = usable.last, usable.count >= 2, last.elapsed >= 1 else { throw .untimed }
        let stepsNeeded = (last.elapsed * 1000 / Double(maximumSamples - 1)).rounded(.up)
        let stepMilliseconds = max(minimumStepMilliseconds, UInt32(min(3_600_000, (stepsNeeded / 1000).rounded(.up) * 1000)))
        let step = TimeInterval(stepMilliseconds) / 1000
        let count = min(maximumSamples, Int((last.elapsed / step).rounded(.up)) + 1)
        var samples: [UInt32] = []
        samples.reserveCapacity(count)
        var cursor = 0
        var previous: UInt32 = 0
        for index in 0..<count {
            let time = Double(index) * step
            while cursor + 1 < usable.count, usable[cursor + 1].elapsed <= time { cursor += 1 }
            let metres: Double
            if cursor + 1 < usable.count, usable[cursor].elapsed <= time {
                let (a, b) = (usable[cursor], usable[cursor + 1])
                let span = b.elapsed - a.elapsed
                metres = span > 0 ? a.distance + (b.distance - a.distance) * (time - a.elapsed) / span : b.distance
            } else {
                metres = time < usable[0].elapsed ? usable[0].distance : last.distance
            }
            let wanted = UInt32(min(Double(UInt32.max / 2), max(0, (metres * 100).rounded())))
            let value = index == 0 ? min(wanted, maximumStepCentimetres) : min(max(previous, wanted), previous + maximumStepCentimetres)
            samples.append(value)
            previous = value
        }
        guard previous > samples[0] else { throw .noDistance }
        guard let track = GhostTrack(name: truncated(name), stepMilliseconds: stepMilliseconds, centimetres: samples) else {
            throw .untimed
        }
        return track
    }

    /// `name` trimmed and cut to the 32 bytes of UTF-8 a name has on the wire, whole characters only;
    /// "ghost" when nothing is left.
    static func truncated(_ name: String) -> String {
        var kept = ""
        for character in name.trimmingWhitespace() where !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            guard kept.utf8.count + character.utf8.count <= Runner.maximumNameBytes else { break }
            kept.append(character)
        }
        let trimmed = kept.trimmingWhitespace()
        return trimmed.isEmpty ? "ghost" : trimmed
    }
}
