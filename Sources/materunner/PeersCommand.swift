import Application
import ArgumentParser
import Composition

/// `materunner peers`: the mates DNS-SD finds on the network, listed after a few seconds or watched.
struct PeersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers",
        abstract: "List the mates found on the network over DNS-SD (_materunner._udp).",
        discussion: """
            Browses through avahi-daemon (Bonjour on macOS) and resolves each mate to an address. Without \
            --watch, lists the mates seen after --seconds; with --watch, prints each change as it happens \
            (+ appeared, ~ updated, - gone) until Ctrl-C. A mate that exits is gone within about a second; \
            one that vanishes without a goodbye when its address expires (120 s with Avahi).
            """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to look before listing, in seconds.", valueName: "SECONDS"))
    var seconds: Double = 3

    @Flag(help: "Keep watching and print every change until interrupted.")
    var watch = false

    @Flag(help: "One JSON object per line: instance, name, address, port, host (always), id, state, race, version (when advertised), and event (appeared, updated, disappeared) with --watch. Nobody found: no line, and a warning on standard error.")
    var json = false

    @OptionGroup var brokerOptions: BrokerOptionGroup
    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    func validate() throws { try checked { () throws(RunOptionsError) in try PeersFlow.check(seconds: seconds) } }

    func run() async throws {
        try CommandRunner.end(with: await Commands.peers(
            seconds: seconds, watch: watch, json: json, broker: brokerOptions.values, logging: logging.values
        ))
    }
}
