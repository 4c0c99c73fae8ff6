import ArgumentParser
import Composition
import Data

/// `--source` and the simulator's options: where `run`'s positions come from.
struct LocationOptionGroup: ParsableArguments {
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

    @Option(help: ArgumentHelp("The simulated runner's pace, minutes per kilometre (5:30 or 5.5).", valueName: "MIN_PER_KM"))
    var pace: PaceArgument = PaceArgument(secondsPerKilometre: 360)

    @Option(help: "Seed of the simulated runner (default: random).")
    var seed: UInt64?

    @Option(name: .customLong("owntracks-publish"), help: ArgumentHelp(
        "Publish the race to --broker as OwnTracks friends: each runner a card (name, rank, distance) on "
            + "PREFIX/ID/info, and on a course its place on PREFIX/ID; :encrypted seals them with the phones' key "
            + "(docs/PHONES.md).",
        valueName: "PREFIX[:encrypted]"
    ))
    var ownTracksPublish: String?

    func validate() throws {
        if let ownTracksPublish, OwnTracksPublishSpec(parsing: ownTracksPublish) == nil {
            throw ValidationError(
                "--owntracks-publish \(ownTracksPublish): give 1 to 4 topic levels without + or # "
                    + "(owntracks/NAME is what the apps show), then :encrypted if sealed")
        }
    }

    var values: LocationOptions {
        var values = LocationOptions(
            source: source, secondsPerKilometre: pace.secondsPerKilometre, seed: seed, jitter: jitter, fixRate: fixRate,
            pause: pause?.pause
        )
        values.ownTracksPublish = ownTracksPublish.flatMap(OwnTracksPublishSpec.init(parsing:))
        return values
    }
}
