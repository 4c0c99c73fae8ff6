import Domain
import Logging
import SyncWire

extension UDPRaceSyncRepository {
    /// The sync through the broker `session` (docs/BROKER.md) instead of a UDP socket: what `bind` makes,
    /// over `MQTTTransport` (the same arguments otherwise; `run --broker` adds the LAN shortcut and the
    /// lobby's arguments, `AppContainer.makeBrokerTransport`). Mates are its group's, at broker addresses.
    public static func connect(
        through session: BrokerSession, key: RaceKey? = nil, multicast: Bool = true,
        clock: any RaceClock = SystemRaceClock(), logger: Logger? = nil
    ) async throws -> UDPRaceSyncRepository {
        try await open(key: key, multicast: multicast, clock: clock, logger: logger) { inbox in
            MQTTTransport(session: session, inbox: inbox)
        }
    }
}
