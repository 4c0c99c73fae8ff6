import Domain
import Foundation

/// What `materunner watch`'s options say, as values: checked (`check()`), then launched.
public struct SpectatorOptions: Sendable {
    /// `--name`: the name runners see for this spectator.
    public var name: String
    /// `--peer HOST:PORT`, as written; empty: runners found over mate discovery.
    public var peers: [String]
    /// `--wait`: real seconds to wait for a race to be heard.
    public var wait: TimeInterval
    /// `--speedup`: the runners' race time speed-up.
    public var speedup: Double
    /// `--port`: nil for any free port.
    public var port: Int?

    /// Options.
    public init(name: String = "spectator", peers: [String] = [], wait: TimeInterval = 60, speedup: Double = 1, port: Int? = nil) {
        self.name = name
        self.peers = peers
        self.wait = wait
        self.speedup = speedup
        self.port = port
    }

    /// Throws a `RunOptionsError` saying which option is wrong and how.
    public func check() throws(RunOptionsError) {
        do { _ = try Runner.validate(name: name) } catch { throw RunOptionsError("\(error)") }
        try RunOptions.check(wait: wait)
        try RunOptions.check(speedup: speedup)
    }
}

/// `materunner watch` from its checked options to its exit status: the front-ends (as a spectator's),
/// the race key, the pairing asked for only without a race key (the runners of an invited race admit
/// a device paired with one of them), the transport bound to watch, and the `SpectatorFlow` built and
/// run. `RaceKey` and `Identity` are the race key's and the device keys' types, which only the
/// composition root knows.
public struct SpectatorLaunch<RaceKey: Sendable, Identity: Sendable>: Sendable {
    /// What the transport is bound with (always to watch: it never sends progress).
    public struct TransportSettings: Sendable {
        /// The UDP port (`--port`, default 0: any free port).
        public var port: Int
        /// The race key; nil: an open race, or an invited one that admits paired devices.
        public var key: RaceKey?
        /// The device's identity and known mates, asked for only without a race key.
        public var pairing: DevicePairing<Identity>?

        /// Settings.
        public init(port: Int, key: RaceKey?, pairing: DevicePairing<Identity>?) {
            self.port = port
            self.key = key
            self.pairing = pairing
        }
    }

    /// The concrete parts, made when the launch asks for them.
    public struct Dependencies: Sendable {
        /// Loads the front-ends (told this program only watches): the environment the flow draws with.
        public var environment: @Sendable () throws -> FlowEnvironment
        /// The race key; nil without one.
        public var raceKey: @Sendable () throws -> RaceKey?
        /// This device's identity and known mates.
        public var pairing: @Sendable () throws -> DevicePairing<Identity>
        /// Binds the transport, watching.
        public var bindTransport: @Sendable (TransportSettings) async throws -> any RaceTransport
        /// Makes the mate discovery.
        public var discovery: @Sendable () -> any MateDiscoveryRepository
        /// Where the race is also shown (`--owntracks-publish`); nil: nowhere.
        public var showing: (any RaceShowing)?

        /// The parts.
        public init(
            environment: @escaping @Sendable () throws -> FlowEnvironment, raceKey: @escaping @Sendable () throws -> RaceKey?,
            pairing: @escaping @Sendable () throws -> DevicePairing<Identity>,
            bindTransport: @escaping @Sendable (TransportSettings) async throws -> any RaceTransport,
            discovery: @escaping @Sendable () -> any MateDiscoveryRepository, showing: (any RaceShowing)? = nil
        ) {
            self.environment = environment
            self.raceKey = raceKey
            self.pairing = pairing
            self.bindTransport = bindTransport
            self.discovery = discovery
            self.showing = showing
        }
    }

    let options: SpectatorOptions
    let dependencies: Dependencies

    /// A launch of the spectator `options` ask for, from `dependencies`.
    public init(options: SpectatorOptions, dependencies: Dependencies) {
        self.options = options
        self.dependencies = dependencies
    }

    /// Watches until the race is over or the spectator stops; returns the exit status: 0 when it ended
    /// without an error, else 1.
    public func run() async throws -> Int32 {
        try await flow().run() ? 0 : 1
    }

    /// The spectator, every part made.
    func flow() async throws -> SpectatorFlow {
        let me = Runner(id: .random(), name: try Runner.validate(name: options.name))
        let environment = try dependencies.environment()
        let key = try dependencies.raceKey()
        // Without a race key: ask the runners of an invited race to admit this device (paired mates).
        let pairing = key == nil ? try dependencies.pairing() : nil
        let transport = try await dependencies.bindTransport(TransportSettings(port: options.port ?? 0, key: key, pairing: pairing))
        return SpectatorFlow(
            me: me, peers: try RunOptions.addresses(options.peers), wait: options.wait, transport: transport,
            discovery: dependencies.discovery, environment: environment, showing: dependencies.showing
        )
    }
}
