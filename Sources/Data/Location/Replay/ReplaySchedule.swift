import Foundation

/// When each recorded point is replayed, in seconds after the replay starts, at speed 1.
///
/// A point is replayed at its recorded time, measured from the first recorded time. A point without a
/// time, or whose recorded instant would not come after the previous point's replay instant
/// (identical timestamps, a clock that went backwards), comes `fallbackInterval` after the previous
/// point instead: replay never divides by a zero time step and never stalls. The first point is at 0.
public enum ReplaySchedule {
    /// Seconds between points that carry no usable time.
    public static let defaultFallbackInterval: TimeInterval = 1

    /// The offsets of `times`, one per point.
    public static func offsets(of times: [Date?], fallbackInterval: TimeInterval = defaultFallbackInterval) -> [TimeInterval] {
        var offsets: [TimeInterval] = []
        offsets.reserveCapacity(times.count)
        var anchor: (time: Date, offset: TimeInterval)?
        for time in times {
            guard let previous = offsets.last else {
                offsets.append(0)
                anchor = time.map { ($0, 0) }
                continue
            }
            var offset = previous + fallbackInterval
            if let time {
                if let anchor {
                    let recorded = anchor.offset + time.timeIntervalSince(anchor.time)
                    if recorded > previous { offset = recorded }
                } else {
                    anchor = (time, offset)
                }
            }
            offsets.append(offset)
        }
        return offsets
    }
}
