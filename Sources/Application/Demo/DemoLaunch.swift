import Domain
import Foundation

/// What `materunner demo`'s options say, as values: checked (`check()`), then launched.
public struct DemoOptions: Sendable {
    /// `--goal`, in kilometres.
    public var goalKilometres: Double
    /// `--speedup`: race time over real time.
    public var speedup: Double
    /// `--seed`: the shown runner's simulator seed (the other one's is the next number).
    public var seed: UInt64

    /// Options.
    public init(goalKilometres: Double = 1, speedup: Double = 20, seed: UInt64 = 2026) {
        self.goalKilometres = goalKilometres
        self.speedup = speedup
        self.seed = seed
    }

    /// Throws a `RunOptionsError` saying which option is wrong and how.
    public func check() throws(RunOptionsError) {
        do { _ = try RaceGoal(kilometres: goalKilometres) } catch { throw RunOptionsError("--goal: \(error)") }
        try RunOptions.check(speedup: speedup)
    }
}

/// `materunner demo` from its checked options to its exit status: Alice (shown and recorded, at 5:20
/// per km on `--seed`) races Bob (unseen, at 5:15 on the next seed) toward `--goal`, each on a
/// transport of its own with the same race key; the `DemoFlow` is built and run. `RaceKey` is the race
/// key's type, which only the composition root knows.
public struct DemoLaunch<RaceKey: Sendable>: Sendable {
    /// One simulated runner: its name, pace (seconds per kilometre) and simulator seed.
    public struct Entrant: Sendable, Equatable {
        public var name: String
        public var secondsPerKilometre: Double
        public var seed: UInt64
    }

    /// The concrete parts, made when the launch asks for them.
    public struct Dependencies: Sendable {
        /// Loads the front-ends: the environment the flow draws with.
        public var environment: @Sendable () throws -> FlowEnvironment
        /// Opens the record store.
        public var openStore: @Sendable () throws -> any RunRecordRepository
        /// The race key; nil for an open race.
        public var raceKey: @Sendable () throws -> RaceKey?
        /// Binds a runner's transport, on loopback, with the race key.
        public var bindTransport: @Sendable (RaceKey?) async throws -> any RaceTransport
        /// A simulated runner's positions, at a pace (seconds per kilometre) on a seed.
        public var location: @Sendable (_ secondsPerKilometre: Double, _ seed: UInt64) -> any LocationRepository
        /// A recorder writing one new run into a store.
        public var recorder: @Sendable (any RunRecordRepository) -> RunRecorder

        /// The parts.
        public init(
            environment: @escaping @Sendable () throws -> FlowEnvironment,
            openStore: @escaping @Sendable () throws -> any RunRecordRepository,
            raceKey: @escaping @Sendable () throws -> RaceKey?,
            bindTransport: @escaping @Sendable (RaceKey?) async throws -> any RaceTransport,
            location: @escaping @Sendable (_ secondsPerKilometre: Double, _ seed: UInt64) -> any LocationRepository,
            recorder: @escaping @Sendable (any RunRecordRepository) -> RunRecorder
        ) {
            self.environment = environment
            self.openStore = openStore
            self.raceKey = raceKey
            self.bindTransport = bindTransport
            self.location = location
            self.recorder = recorder
        }
    }

    let options: DemoOptions
    let dependencies: Dependencies

    /// A launch of the demo `options` ask for, from `dependencies`.
    public init(options: DemoOptions, dependencies: Dependencies) {
        self.options = options
        self.dependencies = dependencies
    }

    /// The shown runner and the other one.
    var entrants: (shown: Entrant, other: Entrant) {
        (Entrant(name: "alice", secondsPerKilometre: 320, seed: options.seed), Entrant(name: "bob", secondsPerKilometre: 315, seed: options.seed &+ 1))
    }

    /// Races until Alice's race is over or stopped; returns the exit status (`RunOutcome.exitStatus`).
    public func run() async throws -> Int32 {
        try await flow().run().exitStatus
    }

    /// The demo, every part made.
    func flow() async throws -> DemoFlow {
        let dependencies = self.dependencies
        let (environment, store) = (try dependencies.environment(), try dependencies.openStore())
        let terms = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: options.goalKilometres))
        let key = try dependencies.raceKey()
        let make = { (entrant: Entrant) async throws -> DemoFlow.Entrant in
            DemoFlow.Entrant(
                runner: Runner(id: .random(), name: entrant.name), transport: try await dependencies.bindTransport(key),
                location: dependencies.location(entrant.secondsPerKilometre, entrant.seed)
            )
        }
        let (shown, other) = entrants
        return DemoFlow(
            terms: terms, shown: try await make(shown), other: try await make(other), recorder: dependencies.recorder(store),
            environment: environment
        )
    }
}
