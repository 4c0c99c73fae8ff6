import Application
import ArgumentParser
import Composition

/// `materunner watch`: follow a race on the LAN as a spectator, through any front-end.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a race on this network as a spectator (a laptop by the track, a big screen).",
        discussion: """
            Without --peer, runners are found over DNS-SD; the spectator tells them it is watching and they \
            send it their progress. It never sends progress itself: it cannot change anybody's result. It \
            ends with the race's result. An invited race admits a spectator paired with one of its runners \
            (`materunner mates add`, both ways): that runner hands it a spectator key, which lets it follow the \
            race and say nothing that counts. A passphrase race needs the same race key.
            """
    )

    @OptionGroup var network: NetworkOptionGroup
    @OptionGroup var brokerOptions: BrokerOptionGroup

    @Option(help: ArgumentHelp("The name runners see for this spectator.", valueName: "NAME"))
    var name: String = "spectator"

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to wait for a race to be heard, in seconds.", valueName: "SECONDS"))
    var wait: Double = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("Race time speed-up over real time: the same as the runners' (--wait and messages stay in real seconds).", valueName: "X"))
    var speedup: Double = 1

    @OptionGroup var publishing: OwnTracksPublishOptionGroup
    @OptionGroup var frontEnds: FrontEndOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup
    @OptionGroup var data: DataDirOptionGroup

    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    /// What the options say, as the spectator launch's `SpectatorOptions`.
    var options: SpectatorOptions {
        SpectatorOptions(name: name, peers: network.peer, wait: wait, speedup: speedup, port: network.port)
    }

    func validate() throws { try checked(options.check) }

    func run() async throws {
        try CommandRunner.end(with: await Commands.watch(
            options, broker: brokerOptions.values, frontEnds: frontEnds.values, data: data.values,
            raceKey: raceKey.values, logging: logging.values, ownTracksPublish: publishing.spec
        ))
    }
}
