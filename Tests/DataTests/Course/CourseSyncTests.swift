import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// A course race over real UDP repositories on loopback: the course travels in the hellos, and a
/// runner's off-course state reaches its mates at once.
@Suite("Course over the sync protocol")
struct CourseSyncTests {
    private static let course = CourseTerms(digest: "0123456789abcdef", name: "lake.gpx", lengthCentimetres: 191_240, laps: 2)

    @Test("a mate's progress arrives with its course terms and its off-course state, which changes at once")
    func offCourseTravels() async throws {
        try await withRepositories(2) { repositories in
            let (alice, bob) = (repositories[0], repositories[1])
            try alice.addPeer(PeerAddress(host: "127.0.0.1", port: bob.localPort))
            try bob.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
            let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 382_480), course: Self.course)
            var progress = SyncSample.progress(id: 0xA1, name: "alice", terms: terms, sequence: 1, distance: 100)
            await alice.publish(progress)
            let first = try await nextUpdate(of: bob)
            #expect(first.terms == terms && first.terms.course?.name == "lake.gpx")
            #expect(!first.isOffCourse)
            // The next publish (not a 4th) says alice is off course: bob hears it with that progress.
            progress.isOffCourse = true
            progress.sequence = 2
            progress.distance = 101
            await alice.publish(progress)
            let offCourse = try await withHangGuard("alice off course") {
                for await update in bob.updates() where update.distance == 101 { return update }
                throw TestFailure("bob's updates ended")
            }
            #expect(offCourse.isOffCourse)
        }
    }
}
