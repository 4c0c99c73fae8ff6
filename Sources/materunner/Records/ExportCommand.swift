import ArgumentParser
import Composition

/// `materunner export ID --gpx FILE --chart FILE.svg`: a recorded run as files other tools open.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recorded run: its route as GPX 1.1, its race as an SVG chart.",
        discussion: "Give --gpx, --chart, or both. Ids come from `materunner records`."
    )

    @Argument(help: "The run's id, or a unique start of it.")
    var id: String

    @Option(help: ArgumentHelp("Write our route, with timestamps, as GPX 1.1 to this file, or to standard output for - (on a course, with the route matched to the course as a second track).", valueName: "FILE"), completion: .file(extensions: ["gpx"]))
    var gpx: String?

    @Option(help: ArgumentHelp("Write every runner's distance over time as an SVG chart to this file, or to standard output for -.", valueName: "FILE.svg"), completion: .file(extensions: ["svg"]))
    var chart: String?

    @OptionGroup var data: DataDirOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    func validate() throws {
        guard gpx != nil || chart != nil else { throw ValidationError("nothing to export: give --gpx FILE, --chart FILE.svg, or both") }
        guard !(gpx == "-" && chart == "-") else {
            throw ValidationError("--gpx - and --chart - would both write to standard output: give one of them a file")
        }
    }

    func run() async throws {
        try CommandRunner.end(with: await Commands.export(id: id, gpx: gpx, chart: chart, data: data.values))
    }
}
