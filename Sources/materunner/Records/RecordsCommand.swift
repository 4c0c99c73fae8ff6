import ArgumentParser
import Data
import Domain
import Foundation
import Logging

/// `materunner records`: the runs recorded on this machine (list, show one, totals).
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "List the recorded runs, show one, or sum them up.",
        discussion: "Every run and demo is recorded as it goes; a run cut short (killed, crashed) shows as interrupted.",
        subcommands: [List.self, Show.self, Totals.self],
        defaultSubcommand: List.self
    )

    /// `records [list]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List runs, newest first.")

        @Option(help: ArgumentHelp("Only the runs started in this month (UTC).", valueName: "YYYY-MM"))
        var month: String?

        @Flag(help: "One JSON object per line instead of a table.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func validate() throws {
            if let month { do { _ = try RecordMonth(parsing: month) } catch { throw ValidationError("\(error)") } }
        }

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let all = try RecordsCommand.load(data)
                let records = try month.map { RecordSummaries.records(all, in: try RecordMonth(parsing: $0)) }
                    ?? RecordSummaries.newestFirst(all)
                if json {
                    for record in records { print(try RecordLine.json(RecordLine(record))) }
                } else if records.isEmpty {
                    print("no runs recorded in \(data.directory.path)\(month.map { " in \($0)" } ?? "")")
                } else {
                    print(RecordText.header)
                    for record in records { print(RecordText.line(record)) }
                }
            }
        }
    }

    /// `records show ID`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one run: figures, results, cheers.")

        @Argument(help: "The run's id, or a unique start of it.")
        var id: String

        @Flag(help: "One JSON object instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let record = try RecordsCommand.find(id, in: data)
                if json { print(try RecordLine.json(RecordLine(record))) } else { RecordText.details(record).forEach { print($0) } }
            }
        }
    }

    /// `records totals`.
    struct Totals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "totals", abstract: "Lifetime and per-month totals.")

        @Flag(help: "JSON instead of text.")
        var json = false

        @OptionGroup var data: DataDirOptionGroup

        func run() async throws {
            try await CommandRunner.perform(logLevel: .warning) { _ in
                let records = try RecordsCommand.load(data)
                let monthly = RecordSummaries.monthly(records)
                if json {
                    print(try RecordLine.json(TotalsLine(lifetime: RecordSummaries.lifetime(records), monthly: monthly)))
                } else {
                    print(RecordText.totals("lifetime", RecordSummaries.lifetime(records)))
                    for month in monthly { print(RecordText.totals("\(month.month)", month.totals)) }
                }
            }
        }
    }

    // MARK: Loading

    static func load(_ data: DataDirOptionGroup) throws -> [RunRecord] {
        do { return try data.openStore().allRecords() } catch let error as CLIError { throw error } catch {
            throw CLIError.runtime("\(error)")
        }
    }

    /// The run with this id or unique id prefix; a usage error naming what to do otherwise.
    static func find(_ id: String, in data: DataDirOptionGroup) throws -> RunRecord {
        let matches = try load(data).filter { $0.id == id.lowercased() || (id.count >= 4 && $0.id.hasPrefix(id.lowercased())) }
        guard matches.count == 1, let record = matches.first else {
            throw CLIError.usage(matches.isEmpty
                ? "no run '\(id)' in \(data.directory.path): see `materunner records` for the ids"
                : "'\(id)' starts \(matches.count) run ids: give more of the id")
        }
        return record
    }
}
