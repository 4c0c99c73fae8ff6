import Synchronization

/// Whether the run owes a step to mates' updates (`RaceSessionConfiguration.stepSpacing`): read by a
/// view about to draw without a visit to the run's actor, which it makes only when one is owed
/// (`RaceSessionUseCase.makeOwedStep()`).
final class OwedStep: Sendable {
    private let owed = Atomic<Bool>(false)

    init() {}

    var isOwed: Bool { owed.load(ordering: .acquiring) }

    func set(_ value: Bool) {
        owed.store(value, ordering: .releasing)
    }
}
