import Domain
import SyncWire

extension DNSSDDiscoveryRepository: MateDiscoveryRepository {
    /// The instance name a runner registers: its name and the start of its id, so two runners with
    /// one name stay apart.
    public static func instanceName(for me: Runner) -> String {
        "\(me.name)-\(me.id.description.prefix(6))"
    }

    /// Our TXT record for `me` while free (protocol version, id, name, and the terms when given).
    public static func advertisement(for me: Runner, terms: RaceTerms? = nil) -> MateAdvertisement {
        var advertisement = MateAdvertisement(version: Int(DatagramHeader.version), runnerID: me.id.description, name: me.name)
        advertisement.terms = terms.map(MateAdvertisement.Terms.init)
        return advertisement
    }

    @discardableResult
    public func advertise(_ me: Runner, port: Int, terms: RaceTerms?) throws -> String {
        let advertisement = Self.advertisement(for: me, terms: terms)
        let registered = try register(name: Self.instanceName(for: me), port: port, advertisement: advertisement)
        advertised.withLockedValue { $0 = advertisement }
        return registered
    }

    public func announce(_ state: MateState, raceID: String?) throws {
        guard var advertisement = advertised.withLockedValue({ $0 }) else { throw DiscoveryError.callFailed(call: "update", code: -1) }
        advertisement.state = MateAdvertisement.State(rawValue: state.rawValue) ?? .free
        advertisement.raceID = state == .running ? raceID : nil
        try update(advertisement)
        advertised.withLockedValue { $0 = advertisement }
    }

    public func mates() throws -> AsyncStream<MateEvent> {
        let events: AsyncStream<DiscoveryEvent> = try browse()
        return AsyncStream { continuation in
            let task = Task {
                for await event in events { continuation.yield(event.toDomain()) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
