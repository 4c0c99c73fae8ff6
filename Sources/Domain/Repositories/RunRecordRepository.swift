/// Where runs are recorded (the SQLite store in Data; an in-memory one in tests). Writes happen as the
/// run goes, so a run cut short keeps what was written up to its last checkpoint.
public protocol RunRecordRepository: Sendable {
    /// Creates the record of a run that starts now (status `interrupted` until a final checkpoint).
    func begin(_ record: RunRecord) throws
    /// Appends the checkpoint's route points, samples and cheers, and replaces the run's figures,
    /// results (when the checkpoint has some) and status, all in one transaction.
    func save(_ checkpoint: RunCheckpoint) throws
    /// Every recorded run, fully loaded, newest first.
    func allRecords() throws -> [RunRecord]
    /// One run, fully loaded; nil when no run has this id.
    func record(id: String) throws -> RunRecord?
    /// Every run on `course` (same digest and laps), fully loaded, newest first.
    func records(onCourse course: CourseTerms) throws -> [RunRecord]
}

extension RunRecordRepository {
    /// Every run on `course`, picked from `allRecords()` (a store with an index does better).
    public func records(onCourse course: CourseTerms) throws -> [RunRecord] {
        try allRecords().filter { $0.terms.course == course }
    }
}
