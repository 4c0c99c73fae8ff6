import ArgumentParser
import Data
import Domain
import Foundation
import Presentation

/// `materunner export ID --gpx FILE --chart FILE.svg`: a recorded run as files other tools open.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recorded run: its route as GPX 1.1, its race as an SVG chart.",
        discussion: "Give --gpx, --chart, or both. Ids come from `materunner records`."
    )

    @Argument(help: "The run's id, or a unique start of it.")
    var id: String

    @Option(help: ArgumentHelp("Write our route, with timestamps, as GPX 1.1 to this file.", valueName: "FILE"))
    var gpx: String?

    @Option(help: ArgumentHelp("Write every runner's distance over time as an SVG chart to this file.", valueName: "FILE.svg"))
    var chart: String?

    @OptionGroup var data: DataDirOptionGroup

    func validate() throws {
        guard gpx != nil || chart != nil else { throw ValidationError("nothing to export: give --gpx FILE, --chart FILE.svg, or both") }
    }

    func run() async throws {
        try await CommandRunner.perform(logLevel: .warning) { logger in
            let record = try RecordsCommand.find(id, in: data)
            if let gpx {
                if record.route.isEmpty { logger.warning("run \(record.id) has no route points: the GPX track is empty") }
                try write(GPXWriter.document(for: record), to: gpx)
            }
            if let chart { try write(ProgressChart.svg(for: record), to: chart) }
        }
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.runtime("cannot write \(path): \((error as NSError).localizedDescription): check the folder exists and is writable")
        }
    }
}
