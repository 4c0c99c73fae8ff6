import Foundation

/// A ghost's progress over time, in the compact form every peer replays identically: the distance
/// covered (in whole centimetres, never decreasing) at every `step` from the ghost's start, linearly
/// interpolated in between. It is what a ghost announcement carries (docs/PROTOCOL.md, "ghost chunk"),
/// so a peer without the recorded run shows the same ghost as the peer that has it.
public struct GhostTrack: Sendable, Hashable {
    /// The most samples a track holds: 12 chunks of 189 (a run of 37 minutes at one a second; a longer
    /// run gets a longer step).
    public static let maximumSamples = 2268
    /// The shortest step, in milliseconds.
    public static let minimumStepMilliseconds: UInt32 = 1000
    /// The most a track may grow in one step, in centimetres (what 16 bits carry on the wire).
    public static let maximumStepCentimetres: UInt32 = 65535

    /// The ghost's name, as runners see it (the recorded runner, or the GPX's name): 1 … 32 bytes.
    public var name: String
    /// Milliseconds between two samples.
    public var stepMilliseconds: UInt32
    /// The distance at `i × step`, in centimetres: at least 2 samples, the first at the start.
    public var centimetres: [UInt32]

    /// A track as it came off the wire or out of `sampling`; nil when it breaks a rule above.
    public init?(name: String, stepMilliseconds: UInt32, centimetres: [UInt32]) {
        guard !name.isEmpty, name.utf8.count <= Runner.maximumNameBytes,
              stepMilliseconds >= Self.minimumStepMilliseconds, stepMilliseconds <= 3_600_000,
              (2...Self.maximumSamples).contains(centimetres.count)
        else { return nil }
        for index in 1..<centimetres.count {
            guard centimetres[index] >= centimetres[index - 1],
                  centimetres[index] - centimetres[index - 1] <= Self.maximumStepCentimetres
            else { return nil }
        }
        self.name = name
        self.stepMilliseconds = stepMilliseconds
        self.centimetres = centimetres
    }

    /// Seconds between two samples.
    public var step: TimeInterval { TimeInterval(stepMilliseconds) / 1000 }
    /// Seconds from the first sample to the last: how long the replay lasts.
    public var duration: TimeInterval { step * TimeInterval(centimetres.count - 1) }
    /// Metres at the last sample.
    public var finalDistance: Double { Double(centimetres[centimetres.count - 1]) / 100 }

    /// Metres covered `elapsed` seconds after the start: interpolated between samples, 0 before the
    /// start, the last sample's after the end.
    public func distance(at elapsed: TimeInterval) -> Double {
        guard elapsed.isFinite, elapsed > 0 else { return Double(centimetres[0]) / 100 }
        let position = elapsed / step
        let index = Int(min(position, Double(centimetres.count - 1)).rounded(.down))
        guard index < centimetres.count - 1 else { return finalDistance }
        let low = Double(centimetres[index])
        let high = Double(centimetres[index + 1])
        return (low + (high - low) * (position - Double(index))) / 100
    }

    /// Seconds from the start to the instant the track reaches `goal` metres, interpolated within the
    /// step that crosses it; nil when it never does.
    public func finishTime(goal: Double) -> TimeInterval? {
        let target = goal * 100
        guard let crossing = centimetres.firstIndex(where: { Double($0) >= target }) else { return nil }
        guard crossing > 0 else { return 0 }
        let low = Double(centimetres[crossing - 1])
        let high = Double(centimetres[crossing])
        let fraction = high > low ? (target - low) / (high - low) : 1
        return step * (Double(crossing - 1) + fraction)
    }
}
