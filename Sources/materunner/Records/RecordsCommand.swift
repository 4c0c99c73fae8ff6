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
