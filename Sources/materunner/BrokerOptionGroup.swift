import ArgumentParser
import Composition

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

    @Option(help: ArgumentHelp(
        "Also send the race's group datagrams to this LAN's multicast: mates beside you hear you sooner.",
        valueName: "INTERFACE"
    ))
    var brokerLAN: String?

    var values: BrokerOptions {
        BrokerOptions(url: broker, caFile: brokerCA, passwordFile: brokerPasswordFile, group: group, lan: brokerLAN)
    }

    func validate() throws { try checked(values.check) }
}
