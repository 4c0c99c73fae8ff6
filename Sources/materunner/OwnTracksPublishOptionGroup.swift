import ArgumentParser
import Data

/// `--owntracks-publish`: the race on `--broker` for the phones' OwnTracks apps, from a run or a
/// spectator (`run` and `watch`).
struct OwnTracksPublishOptionGroup: ParsableArguments {
    @Option(name: .customLong("owntracks-publish"), help: ArgumentHelp(
        "Publish the race to --broker as OwnTracks friends: each runner a card (name, rank, distance) on "
            + "PREFIX/ID/info, and on a course its place on PREFIX/ID, cleared when the run ends; :encrypted seals "
            + "them with the phones' key (docs/PHONES.md).",
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

    /// The spec given, parsed; nil without the option.
    var spec: OwnTracksPublishSpec? { ownTracksPublish.flatMap(OwnTracksPublishSpec.init(parsing:)) }
}
