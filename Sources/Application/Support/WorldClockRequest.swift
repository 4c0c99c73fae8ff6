import Domain
import Foundation

/// A world clock shown beside the run (`run --clock-zones`) or on its own (`clock`).
public struct WorldClockRequest: Sendable {
    /// Reads the (agreed) race clock and holds the day shown.
    public var service: WorldClockService
    /// The zones shown, in order.
    public var zones: [TimeZone]
    /// Race-clock seconds between readings.
    public var tick: TimeInterval

    /// A world clock of `zones` read from `service` every `tick` race-clock seconds.
    public init(service: WorldClockService, zones: [TimeZone], tick: TimeInterval) {
        self.service = service
        self.zones = zones
        self.tick = tick
    }
}
