import ArgumentParser
import Data
import Domain
import Foundation
import Application

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

    @Option(name: .customLong("owntracks-publish"), help: ArgumentHelp(
        "Publish the race to --broker as OwnTracks friends: each runner a card (name, rank, distance) on "
            + "PREFIX/ID/info, and on a course its place on PREFIX/ID; :encrypted seals them with the phones' key "
            + "(docs/PHONES.md).",
        valueName: "PREFIX[:encrypted]"
    ))
    var ownTracksPublish: String?

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

    @Option(help: ArgumentHelp(
        "Where positions come from: sim, gpsd[:HOST:PORT] (default localhost:2947), nmea:FILE[:xSPEED] or "
            + "gpx:FILE[:xSPEED] (replayed SPEED times faster), or a phone: owntracks-http[:[HOST:]PORT][:encrypted], "
            + "traccar[:[HOST:]PORT], owntracks:USER/DEVICE[:encrypted] (through --broker) (docs/PHONES.md).",
        valueName: "SOURCE"
    ))
    var source: SourceArgument = .simulator

    @Option(parsing: .unconditional, help: ArgumentHelp("Simulator: noise on each reported position, up to this many metres.", valueName: "METRES"))
    var jitter: Double = 0

    @Option(name: .customLong("fix-rate"), parsing: .unconditional, help: ArgumentHelp(
        "Simulator: fixes a second (1 to 20), as a receiver set to that rate gives them.", valueName: "HZ"
    ))
    var fixRate: Double = 1

    @Option(help: ArgumentHelp("Simulator: stand still SECONDS after every EVERY seconds of running.", valueName: "EVERY:SECONDS"))
    var pause: PauseArgument?

    @Option(name: .customLong("max-accuracy"), parsing: .unconditional, help: ArgumentHelp(
        "Drop fixes whose reported horizontal error is larger than this many metres (1 to 200; a cheap receiver may need 30).",
        valueName: "METRES"
    ))
    var maximumAccuracy: Double = NoiseFilterSettings.standard.maximumAccuracy

    @Option(help: ArgumentHelp("The simulated runner's pace, minutes per kilometre (5:30 or 5.5).", valueName: "MIN_PER_KM"))
    var pace: PaceArgument = PaceArgument(secondsPerKilometre: 360)

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run race time this many times faster than real time (1 to 1000), from the start of the race: the lobby, its timeouts, messages and dates stay real.",
        valueName: "X"
    ))
    var speedup: Double = 1

    @Option(help: "Seed of the simulated runner (default: random).")
    var seed: UInt64?

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
            name: name, id: id, goalKilometres: goal, weight: weight, mode: mode.raceMode, peers: network.peer, mates: mates,
            wait: wait, invite: invite, inviteTimeout: inviteTimeout, join: join, acceptFrom: acceptFrom, coursePath: course,
            laps: laps, ghost: ghost, speedup: speedup, jitter: jitter, fixRate: fixRate, clockZones: clockZones,
            maximumMates: UDPRaceSyncRepository.maximumPeers, port: network.port, multicast: multicast,
            maximumAccuracy: maximumAccuracy
        )
    }

    func validate() throws {
        do { try options.check() } catch { throw ValidationError(error.description) }
        if case .phone(let phone) = source, phone.app == .ownTracksBroker, brokerOptions.broker == nil {
            throw ValidationError(SourceError.needsBroker("--source \(phone)").description)
        }
        if let ownTracksPublish {
            guard OwnTracksPublishSpec(parsing: ownTracksPublish) != nil else {
                throw ValidationError(
                    "--owntracks-publish \(ownTracksPublish): give 1 to 4 topic levels without + or # "
                        + "(owntracks/NAME is what the apps show), then :encrypted if sealed")
            }
            guard brokerOptions.broker != nil else {
                throw ValidationError(SourceError.needsBroker("--owntracks-publish").description)
            }
        }
    }

    /// Whether the phones use the broker: an `owntracks:` source, or the race published for them.
    private var phonesUseBroker: Bool {
        if case .phone(let phone) = source, phone.app == .ownTracksBroker { return true }
        return ownTracksPublish != nil
    }

    func run() async throws {
        try await CommandRunner.perform(logging) { logger in
            let container = try await AppContainer(speedup: speedup * source.replaySpeed, logger: logger)
                .connectingBroker(brokerOptions, phones: phonesUseBroker)
            var location = container.makeLocationSource(
                source, pace: pace, seed: seed, jitter: jitter, fixRate: fixRate, pause: pause, dataDirectory: data.directory
            )
            location.broker = try brokerOptions.settings()?.settings
            if let spec = ownTracksPublish.flatMap(OwnTracksPublishSpec.init(parsing:)) {
                location.publisher = try location.racePublisher(spec)
            }
            let launch = container.makeRunLaunch(options: options, frontEnds: frontEnds, data: data, raceKey: raceKey, location: location.location)
            let status = try await launch.run()
            await location.publisher?.close()
            try CommandRunner.end(with: status)
        }
    }
}
