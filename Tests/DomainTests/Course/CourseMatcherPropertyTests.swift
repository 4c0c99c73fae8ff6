import Domain
import Foundation
import MateRunnerTesting
import PropertyBased
import Testing

/// Properties of the matcher over random courses and runs.
@Suite("Course matcher properties")
struct CourseMatcherPropertyTests {
    /// A random course: 3 to 30 legs of 40 to 300 m, each turning at most 90° from the one before
    /// (no hairpin closer than the noise: the property is about lateral error, not about geometry
    /// the noise makes ambiguous).
    private func randomCourse(seed: UInt64) throws -> LappedCourse {
        var random = SeededGenerator(seed: seed)
        var bearing = Double.random(in: 0..<360, using: &random)
        let legs: [(Double, Double)] = (0..<Int.random(in: 3...30, using: &random)).map { _ in
            bearing += Double.random(in: -90...90, using: &random)
            return (Double.random(in: 40...300, using: &random), bearing)
        }
        return try LappedCourse(course: CourseShapes.course(legs))
    }

    @Test("noise of up to r metres on every fix moves the final progress by at most the noise allows")
    func noiseBound() async {
        await propertyCheck(count: 150, input: Gen.uint64(), Gen.int(in: 0...25)) { seed, radius in
            do {
                let course = try randomCourse(seed: seed)
                var random = SeededGenerator(seed: seed ^ 0x9E37_79B9)
                let run = CourseShapes.run(course, step: 3).map {
                    (CourseShapes.noisy($0.0, radius: Double(radius), using: &random), $0.1)
                }
                let matcher = CourseShapes.matched(course, run)
                // The last fix is within r of the finish: along a straight last leg its place on the
                // course is within r of the finish; a corner nearer than r lets it land up to r√2 away.
                let allowed = Double(radius) * 2.squareRoot() + 0.01
                #expect(matcher.progress <= course.totalLength + 1e-9)
                #expect(course.totalLength - matcher.progress <= allowed,
                        "course \(course.totalLength) m, progress \(matcher.progress) m, noise \(radius) m")
                #expect(!matcher.isOffCourse)
            } catch {
                Issue.record("course: \(error)")
            }
        }
    }

    @Test("fixes in any order, at any times, give monotone, finite progress within the course")
    func anyOrderIsMonotone() async {
        await propertyCheck(count: 150, input: Gen.uint64()) { seed in
            do {
                let course = try randomCourse(seed: seed)
                var random = SeededGenerator(seed: seed)
                var run = CourseShapes.run(course, step: 7).map {
                    (CourseShapes.noisy($0.0, radius: 120, using: &random), $0.1)
                }
                run.shuffle(using: &random)
                var matcher = CourseMatcher(course: course)
                var previous = 0.0
                for (coordinate, time) in run {
                    let match = matcher.match(coordinate, at: time)
                    #expect(match.progress >= previous)
                    #expect(match.progress.isFinite && match.progress <= course.totalLength)
                    #expect(match.distanceFromCourse.isFinite)
                    previous = match.progress
                }
            } catch {
                Issue.record("course: \(error)")
            }
        }
    }
}
