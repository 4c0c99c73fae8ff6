import ArgumentParser
import Data

/// `--broker`, `--broker-ca`, `--broker-password-file` and `--group`: a race through an MQTT broker
/// instead of the LAN (docs/BROKER.md), shared by `run`, `watch` and `peers`.
struct BrokerOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("Race through this MQTT broker instead of the LAN (with --group); no password here: --broker-password-file.", valueName: "mqtt://[USER@]HOST[:PORT]|mqtts://…"))
    var broker: String?

    @Option(help: ArgumentHelp("The CA certificate (PEM) the mqtts:// broker's certificate must verify with (default: the system's).", valueName: "FILE"))
    var brokerCA: String?

    @Option(help: ArgumentHelp("A file whose first line is the broker user's password (keep it readable by you only).", valueName: "FILE"))
    var brokerPasswordFile: String?

    @Option(help: ArgumentHelp("The group on the broker whose mates you race and see, as a club shares it (with --broker).", valueName: "NAME"))
    var group: String?

    func validate() throws {
        guard let broker else {
            if group != nil || brokerCA != nil || brokerPasswordFile != nil {
                throw ValidationError("--group, --broker-ca and --broker-password-file go with --broker mqtt://HOST")
            }
            return
        }
        // Without --group, only a run's phones use the broker (AppContainer.connectingBroker says so).
        if let group, group.isEmpty { throw ValidationError("--group needs a NAME: the group whose mates you race") }
        do { _ = try BrokerURL(parsing: broker) } catch { throw ValidationError(error.description) }
    }

    /// The broker's settings, when `--broker` is given.
    func settings() throws -> (settings: BrokerSettings, group: String?)? {
        guard let broker else { return nil }
        return (try BrokerSettings.load(url: broker, caFile: brokerCA, passwordFile: brokerPasswordFile), group)
    }
}
