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

    @OptionGroup var publishing: OwnTracksPublishOptionGroup

    var values: LocationOptions {
        var values = LocationOptions(
            source: source, secondsPerKilometre: pace.secondsPerKilometre, seed: seed, jitter: jitter, fixRate: fixRate,
            pause: pause?.pause
        )
        values.ownTracksPublish = publishing.spec
        return values
    }
}
