import Application
import ArgumentParser
import Composition
import Domain

/// `materunner run`: race mates on the network (or run alone) with a simulated runner.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run toward a goal, racing the mates found on the network or given with --peer.",
        discussion: """
            Without --peer, mates are found over DNS-SD (_materunner._udp, through avahi-daemon); with --peer, \
            discovery is skipped. One runner invites the others by name (--invite bob,carol), who wait with \
            --join and accept (or --accept-from HOST); everyone then counts down 3-2-1 and starts together. \
            Without invitations the run starts once --mates mates have been heard. The run ends by itself \
            once every runner has finished and every peer has the result.
            """
    )

    @Option(help: "Your runner name, 1 to 32 characters.")
    var name: String

    @Option(help: ArgumentHelp(
        "Your runner id, 1 to 16 hex digits (default: random). Pass the same id to rejoin a race after a restart.",
        valueName: "HEX"
    ))
    var id: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The goal distance in kilometres, at most 2 decimals (default 5; with --course the course's length × laps, which --goal may shorten).",
        valueName: "KM"
    ))
    var goal: Double?

    @Option(help: ArgumentHelp(
        "Race along this course, a GPX track or route (timed or not): progress is the distance along it, not each receiver's GPS distance. Without invitations every runner passes the same course; with --invite the host's course travels with its invitation, and a joiner without it (or with another) fetches it from the host (kept in the data directory).",
        valueName: "FILE.gpx"
    ))
    var course: String?

    @Option(help: ArgumentHelp("With --course: run the course (a loop) this many times.", valueName: "N"))
    var laps: Int = 1

    @Option(help: ArgumentHelp(
        "Race a ghost: a recorded run (any unique start of its id, see `materunner records`) or a timed GPX track (gpx:FILE), replayed on the race clock from the start, along the course when there is one. Every runner sees it, marked as a ghost; it wins nothing that counts in `records totals`. Not with --join (the host announces it) or --mode team.",
        valueName: "ID|gpx:FILE"
    ))
    var ghost: GhostSource?

    @Option(help: "race: the first to reach the goal wins; team: the sum of everybody's distance reaches the goal.")
    var mode: RunMode = .race

    @Option(parsing: .unconditional, help: ArgumentHelp("Your weight in kilograms, for calories (20 to 300).", valueName: "KG"))
    var weight: Double = RunnerProfile.standard.weight

    @OptionGroup var network: NetworkOptionGroup
    @OptionGroup var brokerOptions: BrokerOptionGroup

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Send your progress once to the race's multicast group on the mates' network instead of to each mate (mates that do not hear the group still get it unicast)."
    ))
    var multicast = true

    @Option(parsing: .unconditional, help: ArgumentHelp("How many mates to wait for before starting (default: the number of --peer, or 1).", valueName: "N"))
    var mates: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to wait for the mates (or, with --join, for an invitation), in seconds.", valueName: "SECONDS"))
    var wait: Double = 60

    @Option(help: ArgumentHelp(
        "Invite these mates (found on the network or at --peer) to a race or team run, comma-separated.",
        valueName: "NAME[,NAME...]"
    ))
    var invite: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How long the invited mates have to answer, in seconds.", valueName: "SECONDS"))
    var inviteTimeout: Double = Invitation.standardTimeout

    @Flag(help: "Wait for an invitation and run the host's race (its mode, goal and course: a course you lack is fetched from the host); answer from the front-end.")
    var join = false

    @Option(help: ArgumentHelp("With --join: accept invitations from this host without asking (headless boards).", valueName: "NAME"))
    var acceptFrom: String?

    @OptionGroup var frontEnds: FrontEndOptionGroup

    @OptionGroup var data: DataDirOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup

    @OptionGroup var location: LocationOptionGroup

    @Option(name: .customLong("max-accuracy"), parsing: .unconditional, help: ArgumentHelp(
        "Drop fixes whose reported horizontal error is larger than this many metres (1 to 200; a cheap receiver may need 30).",
        valueName: "METRES"
    ))
    var maximumAccuracy: Double = NoiseFilterSettings.standard.maximumAccuracy

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run race time this many times faster than real time (1 to 1000), from the start of the race: the lobby, its timeouts, messages and dates stay real.",
        valueName: "X"
    ))
    var speedup: Double = 1

    @Option(name: .customLong("clock-zones"), help: ArgumentHelp(
        "Also draw the world clock on the agreed race clock, with its offset and uncertainty, for these IANA time zones (comma-separated): a clock frame per second.",
        valueName: "LIST"
    ))
    var clockZones: String?

    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    /// What the options say, as the run flow's `RunOptions` (where the rules that combine them live).
    var options: RunOptions {
        RunOptions(
            name: name, id: id, goalKilometres: goal, weight: weight, mode: mode.raceMode, peers: network.peer,
            mates: mates, wait: wait, invite: invite, inviteTimeout: inviteTimeout, join: join, acceptFrom: acceptFrom,
            coursePath: course, laps: laps, ghost: ghost, speedup: speedup, jitter: location.jitter,
            fixRate: location.fixRate, clockZones: clockZones, maximumMates: AppContainer.maximumMates,
            port: network.port, multicast: multicast, maximumAccuracy: maximumAccuracy
        )
    }

    func validate() throws { try checked(options.check) }

    func run() async throws {
        try CommandRunner.end(with: await Commands.run(
            options, location: location.values, broker: brokerOptions.values, frontEnds: frontEnds.values,
            data: data.values, raceKey: raceKey.values, logging: logging.values
        ))
    }
}
