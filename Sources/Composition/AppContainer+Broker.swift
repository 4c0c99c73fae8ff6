import Application
import Data
import Domain
import SyncWire

// MARK: Through an MQTT broker (--broker, docs/BROKER.md)

extension AppContainer {
    /// This container with the broker session `options` ask for connected (itself without `--broker`):
    /// the broker not there ends the command with 69, a refused password with 77. Without `--group` only
    /// `phones` may use the broker (an `owntracks:` source, `--owntracks-publish`): the race stays local.
    /// A password file other users can read or change is warned about, as a race key file is.
    func connectingBroker(_ options: BrokerOptions, phones: Bool = false) async throws -> AppContainer {
        guard let wanted = try options.settings() else { return self }
        if let file = options.passwordFile, let warning = BrokerSettings.passwordFileWarning(file) {
            logger.warning("\(warning)")
        }
        guard let group = wanted.group else {
            if phones { return self }
            throw FlowError.usage("--broker needs --group NAME: the group whose mates you race")
        }
        var container = self
        container.broker = try await BrokerSession.connect(wanted.settings, group: group)
        container.brokerLAN = wanted.lan
        logger.info("connected to the MQTT broker at \(wanted.settings.url), group \(group)")
        return container
    }

    /// The sync through `broker`, with the LAN as a shortcut with `--broker-lan` (the same arguments as
    /// `makeTransport`).
    func makeBrokerTransport(
        _ broker: BrokerSession, key: RaceKey?, identity: DeviceKeys?, mates: (any KnownMatesRepository)?,
        races: InvitedRaceStore?, watching: Bool, multicast: Bool
    ) async throws -> UDPRaceSyncRepository {
        try await UDPRaceSyncRepository.open(
            key: key, identity: identity, mates: mates, races: races, watching: watching, multicast: multicast,
            clock: clock, logger: logger
        ) { [brokerLAN] inbox in
            guard let brokerLAN else { return MQTTTransport(session: broker, inbox: inbox) }
            return try await LANShortcutTransport.open(session: broker, interface: brokerLAN, inbox: inbox)
        }
    }
}
