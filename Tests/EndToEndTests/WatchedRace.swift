import Foundation
import MateRunnerTesting
import Testing

/// The runs of a host, the invitee it raced and a spectator, in that order, each ended by itself with
/// status 0 and one identical result of the two runners (`names`), and the spectator saw the race as it
/// ran, not only its end.
func expectWatchedRace(
    _ runs: [ProcessRun], names: [String], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for run in runs {
        #expect(run.status == 0 && !run.timedOut, "exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
    }
    let results = try runs.map { try RaceResult(lines: $0.jsonLines()) }
    #expect(results[2] == results[0] && results[0] == results[1], "\(results)", sourceLocation: sourceLocation)
    #expect(results[2].entries.map(\.name).sorted() == names.sorted(), sourceLocation: sourceLocation)
    let statuses = try runs[2].jsonLines().filter { $0["type"] as? String == "status" }
    #expect(statuses.count > 5, "the spectator saw the race only at the end", sourceLocation: sourceLocation)
}
