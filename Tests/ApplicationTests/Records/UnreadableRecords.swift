import Domain

/// A store that cannot be read (a damaged file).
struct UnreadableRecords: RunRecordRepository {
    struct Damaged: Error, CustomStringConvertible {
        var description: String { "the record store is damaged: move records.sqlite away" }
    }

    func begin(_ record: RunRecord) throws { throw Damaged() }
    func save(_ checkpoint: RunCheckpoint) throws { throw Damaged() }
    func allRecords() throws -> [RunRecord] { throw Damaged() }
    func record(id: String) throws -> RunRecord? { throw Damaged() }
}
