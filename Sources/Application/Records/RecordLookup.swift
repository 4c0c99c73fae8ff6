import Domain
import Presentation

/// Reads the recorded runs for the records and export flows: all of them, or the one an id (or a
/// unique start of it, 4 characters or more) names.
public struct RecordLookup: Sendable {
    /// The shortest id prefix taken for a run's id.
    public static let minimumPrefix = 4

    private let records: any RunRecordRepository
    private let storeLocation: String

    /// Reads `records`; `storeLocation` (the store's folder) is what messages name.
    public init(records: any RunRecordRepository, storeLocation: String) {
        self.records = records
        self.storeLocation = storeLocation
    }

    /// Where the runs are kept, as messages name it.
    public var location: String { storeLocation }

    /// Every recorded run; a store that cannot be read is a runtime error.
    public func all() throws(FlowError) -> [RunRecord] {
        do {
            return try records.allRecords()
        } catch {
            throw FlowError(error, otherwise: .ioError)
        }
    }

    /// The run with this id or unique id prefix (any case); a usage error saying what to do otherwise.
    public func record(matching id: String) throws(FlowError) -> RunRecord {
        let wanted = id.lowercased()
        let matches = try all().filter { $0.id == wanted || (id.count >= Self.minimumPrefix && $0.id.hasPrefix(wanted)) }
        guard matches.count == 1, let record = matches.first else {
            if matches.isEmpty, id.count < Self.minimumPrefix, !id.isEmpty {
                throw .usage("'\(id)' is too short to name a run: give \(Self.minimumPrefix) characters of its id or more (`materunner records` lists them)")
            }
            throw .usage(matches.isEmpty
                ? "no run '\(id)' in \(storeLocation): see `materunner records` for the ids"
                : "'\(id)' starts \(matches.count) run ids: give more of the id (\(Self.candidates(matches)))")
        }
        return record
    }

    /// The runs an ambiguous id names, as `id (date, runner)`, at most five.
    static func candidates(_ matches: [RunRecord]) -> String {
        let listed = RecordSummaries.newestFirst(matches).prefix(5).map { record in
            "\(record.id) (\(RecordText.day(record.startedAt)), \(record.runnerName))"
        }
        return listed.joined(separator: ", ") + (matches.count > 5 ? ", …" : "")
    }
}
