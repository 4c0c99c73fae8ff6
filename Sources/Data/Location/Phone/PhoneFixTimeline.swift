import Domain
import Foundation

/// Puts one phone's positions on the race clock, in time order, once each. Pure: arrivals and the
/// time (the race clock's, and a monotonic clock's in real seconds) come in, fixes and refusals go out.
///
/// - **Time.** A fix keeps its own time: race time = the phone's time + an offset, the smallest
///   (arrival race time − phone time) seen so far: the freshest message sets it, as NTP's minimum filter
///   does, so a late burst lands where it was measured, and neither the phone's clock error nor a
///   race clock run faster (`--speedup`) moves it. A report without a time of its own takes its arrival.
/// - **Order.** Arrivals are held until the phone has been quiet for `quiet` real seconds (real: a
///   burst is the network's, whatever the race clock's speed-up), then handed on sorted by time: a burst
///   of queued messages (the apps keep up to 100 000 while out of coverage) interleaved with live ones
///   comes out in the order measured. While arrivals go on, every `maximumHold` seconds what is older
///   than all of the last `quiet` seconds' arrivals goes (a steady stream, or a long burst, flows on; a
///   live fix that overtook the burst waits for it).
/// - **Once.** The same time and position again is a `duplicate`; a fix older than one already handed
///   on is `late`; one from before `start` is `beforeStart`.
public struct PhoneFixTimeline: Sendable {
    /// The waits, in real seconds.
    public struct Settings: Sendable, Equatable {
        public var quiet: TimeInterval = 2
        public var maximumHold: TimeInterval = 6
        /// Held arrivals beyond this are handed on at once.
        public var maximumHeld = 100_000
        /// Positions remembered for duplicates, beyond which those older than the last handed on are forgotten.
        public var remembered = 200_000

        public init() {}
    }

    private struct Key: Hashable {
        var milliseconds: Int64, latitude: Int64, longitude: Int64
    }

    private struct Held {
        var report: PositionReport
        var phoneTime: Date
        var arrival: Double
    }

    /// Fixes before this race instant are refused (`beforeStart`).
    public var start: Date
    public let settings: Settings
    /// Race time minus phone time, the smallest seen; nil before the first timed report.
    public private(set) var offset: TimeInterval?
    private var held: [Held] = []
    private var oldestHeldAt: Double?
    private var lastArrival: Double?
    private var lastHandedOn: Date?
    private var seen: Set<Key> = []

    /// A timeline whose fixes count from `start` (race clock).
    public init(start: Date, settings: Settings = Settings()) {
        self.start = start
        self.settings = settings
    }

    /// Takes `report`, arrived at race time `now` and monotonic `wall` seconds; throws `duplicate` for a
    /// position already taken.
    public mutating func receive(_ report: PositionReport, at now: Date, wall: Double) throws(PhoneRefusal) {
        let phoneTime: Date
        if let time = report.time {
            phoneTime = time
            let candidate = now.timeIntervalSince(time)
            offset = min(offset ?? candidate, candidate)
        } else {
            if offset == nil { offset = 0 }
            phoneTime = now.addingTimeInterval(-(offset ?? 0))
        }
        let key = Key(
            milliseconds: Int64((phoneTime.timeIntervalSince1970 * 1000).rounded()),
            latitude: Int64((report.coordinate.latitude * 1e7).rounded()),
            longitude: Int64((report.coordinate.longitude * 1e7).rounded())
        )
        guard seen.insert(key).inserted else { throw .duplicate }
        held.append(Held(report: report, phoneTime: phoneTime, arrival: wall))
        if oldestHeldAt == nil { oldestHeldAt = wall }
        lastArrival = wall
        if seen.count > settings.remembered { forgetHandedOn() }
    }

    /// When (monotonic seconds) `release` has something to hand on, at the latest; nil while nothing is held.
    public var nextRelease: Double? {
        guard let oldestHeldAt, let lastArrival else { return nil }
        return min(lastArrival + settings.quiet, oldestHeldAt + settings.maximumHold)
    }

    /// The held fixes, in time order, once the phone was quiet long enough (or too many are held); while
    /// arrivals go on, after `maximumHold`, those older than every recent arrival; and what was refused on
    /// the way (`late`, `beforeStart`).
    public mutating func release(wall: Double) -> (fixes: [Fix], refused: [PhoneRefusal]) {
        guard let due = nextRelease, wall >= due || held.count >= settings.maximumHeld, let offset else {
            return ([], [])
        }
        var ordered = held.sorted { $0.phoneTime < $1.phoneTime }
        let quiet = lastArrival.map { wall >= $0 + settings.quiet } ?? true
        if !quiet, held.count < settings.maximumHeld,
            let watermark = held.filter({ $0.arrival > wall - settings.quiet }).map(\.phoneTime).min()
        {
            held = ordered.filter { $0.phoneTime >= watermark }
            ordered.removeAll { $0.phoneTime >= watermark }
        } else {
            held = []
        }
        oldestHeldAt = held.isEmpty ? nil : wall
        var fixes: [Fix] = []
        var refused: [PhoneRefusal] = []
        for item in ordered {
            let time = item.phoneTime.addingTimeInterval(offset)
            if let lastHandedOn, time < lastHandedOn {
                refused.append(.late)
            } else if time < start {
                refused.append(.beforeStart)
            } else {
                fixes.append(item.report.toDomain(timestamp: time))
                lastHandedOn = time
            }
        }
        return (fixes, refused)
    }

    /// Forgets the positions older than the last one handed on (they would be refused as late anyway).
    private mutating func forgetHandedOn() {
        guard let lastHandedOn, let offset else { return }
        let horizon = Int64((lastHandedOn.addingTimeInterval(-offset).timeIntervalSince1970 * 1000).rounded())
        seen = seen.filter { $0.milliseconds >= horizon }
    }
}
