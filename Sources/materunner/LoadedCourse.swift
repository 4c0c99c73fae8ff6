import Data
import Domain

/// The course of `--course`: the file read, and its laps laid out for matching.
struct LoadedCourse: Sendable {
    /// The file and its digest.
    let file: CourseFile
    /// The course with its laps.
    let course: LappedCourse

    /// The terms every runner compares.
    var terms: CourseTerms { file.terms(laps: course.laps) }
}
