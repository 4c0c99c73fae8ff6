import Domain

extension DiscoveredMate {
    /// The runner this service is, as the Domain sees it.
    func toDomain() -> DiscoveredRunner {
        let advertised = advertisement
        return DiscoveredRunner(
            instance: instanceName, runnerID: runnerID.flatMap(RunnerID.init(hex:)), name: runnerName,
            hostName: hostName, address: PeerAddress(host: address, port: port),
            state: txt["state"].flatMap(MateState.init(rawValue:)), raceID: txt["race"],
            version: advertised?.version ?? txt["v"].flatMap { Int($0) },
            mode: advertised?.terms?.mode, goal: advertised?.terms?.goal, course: advertised?.terms?.course,
            speedup: advertised?.terms?.speedup
        )
    }
}

extension DiscoveryEvent {
    /// The change as the Domain sees it.
    func toDomain() -> MateEvent {
        switch self {
        case .found(let mate): .found(mate.toDomain())
        case .updated(let mate): .updated(mate.toDomain())
        case .lost(let name): .lost(instance: name)
        }
    }
}
