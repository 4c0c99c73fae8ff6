import Domain
import SyncWire

/// The runners heard from, as their hellos introduced them: name and terms by runner id. Progress
/// datagrams carry neither, so a progress is applied only once its sender's hello has arrived.
struct SyncRoster {
    /// The most runners kept; a hello from one more is dropped (`roster-full`).
    let capacity: Int
    private(set) var runners: [RunnerID: (runner: Runner, terms: RaceTerms, offCourse: Bool)] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Records (or updates) `sender`'s name and terms, and whether it is off its course.
    mutating func learn(_ sender: RunnerID, name: String, terms: RaceTerms, offCourse: Bool = false) throws(DatagramError) {
        guard runners[sender] != nil || runners.count < capacity else { throw .rosterFull }
        runners[sender] = (Runner(id: sender, name: name), terms, offCourse)
    }

    /// Forgets `runner` (evicted to make room for another).
    mutating func forget(_ runner: RunnerID) {
        runners[runner] = nil
    }

    /// The Domain progress of a report from `sender`, which must have sent its hello.
    func progress(of report: ProgressReportDTO, from sender: RunnerID, sequence: UInt32) throws(DatagramError) -> RunnerProgress {
        guard let known = runners[sender] else { throw .unknownSender(sender) }
        var progress = report.toDomain(runner: known.runner, terms: known.terms, sequence: sequence)
        progress.isOffCourse = known.offCourse
        return progress
    }
}
