import FrontEndKit

extension FrontEndRunner {
    /// Whether the runner is off the race's course; nil when the frame says nothing of a course (a race
    /// without one). The one place the cue logic reads it from the frame.
    var isOffCourse: Bool? { offCourse }
}
