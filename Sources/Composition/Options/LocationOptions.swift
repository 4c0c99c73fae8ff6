import Application
import Data
import Foundation

/// `--source` and the simulator's `--pace`, `--seed`, `--jitter`, `--fix-rate` and `--pause`: where a
/// runner's positions come from.
public struct LocationOptions: Sendable, Equatable {
    /// `--source`: the simulator, gpsd, a replayed file or a phone.
    public var source: LocationSourceSpec
    /// `--pace`: the simulator's, and an untimed GPX replay's.
    public var secondsPerKilometre: Double
    /// `--seed`: nil for a random one.
    public var seed: UInt64?
    /// `--jitter`: the simulator's noise, in metres.
    public var jitter: Double
    /// `--fix-rate`: the simulator's fixes a second.
    public var fixRate: Double
    /// `--pause EVERY:SECONDS`.
    public var pause: SimulatedLocationRepository.Profile.Pause?
    /// `--owntracks-publish PREFIX[:encrypted]`: the race on the broker for the phones' OwnTracks apps.
    public var ownTracksPublish: OwnTracksPublishSpec?

    /// Whether the phones use `--broker`: an `owntracks:USER/DEVICE` source, or the race published for them.
    public var phonesUseBroker: Bool {
        if case .phone(let phone) = source, phone.app == .ownTracksBroker { return true }
        return ownTracksPublish != nil
    }

    /// Throws when what is asked needs `--broker` and `broker` has none.
    public func check(broker: BrokerOptions) throws(RunOptionsError) {
        guard broker.url == nil else { return }
        if case .phone(let phone) = source, phone.app == .ownTracksBroker {
            throw RunOptionsError(SourceError.needsBroker("--source \(phone)").description)
        }
        if ownTracksPublish != nil { throw RunOptionsError(SourceError.needsBroker("--owntracks-publish").description) }
    }

    /// Options; the defaults are the simulator at 6:00 per kilometre, one fix a second, no noise.
    public init(
        source: LocationSourceSpec = .simulator, secondsPerKilometre: Double = 360, seed: UInt64? = nil,
        jitter: Double = 0, fixRate: Double = 1, pause: SimulatedLocationRepository.Profile.Pause? = nil
    ) {
        (self.source, self.secondsPerKilometre, self.seed) = (source, secondsPerKilometre, seed)
        (self.jitter, self.fixRate, self.pause) = (jitter, fixRate, pause)
    }
}
