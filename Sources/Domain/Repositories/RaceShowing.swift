/// Something outside the program that shows the race as it goes (a phone app's map of the mates):
/// handed every snapshot the run makes, newest last. It must return at once.
public protocol RaceShowing: Sendable {
    /// The race as it stands now.
    func show(_ snapshot: RaceSnapshot)
}
