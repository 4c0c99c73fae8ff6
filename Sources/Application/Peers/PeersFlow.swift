import Domain
import Foundation
import Logging
import Presentation

/// `materunner peers`: the runners mate discovery finds, listed once the clock has run a few seconds,
/// or watched (each appearance, change and departure as it happens) until an interrupt. Lines are
/// `PeerText`'s, text or JSON.
public struct PeersFlow: Sendable {
    /// What the flow is built from.
    public struct Dependency: Sendable {
        /// Finds the runners (DNS-SD on a LAN); stopped when the flow ends.
        public var discovery: any MateDiscoveryRepository
        /// The clock the listing waits on.
        public var clock: any RaceClock
        /// Where the lines go.
        public var output: LineOutput
        /// Notices (nobody found, beside an empty JSON list) go here.
        public var logger: Logger

        /// The flow's dependencies.
        public init(discovery: any MateDiscoveryRepository, clock: any RaceClock, output: LineOutput, logger: Logger) {
            self.discovery = discovery
            self.clock = clock
            self.output = output
            self.logger = logger
        }
    }

    private let dependency: Dependency

    /// `materunner peers --seconds`: how long to look before listing, 0.1 to 3600 seconds; throws a
    /// `RunOptionsError` naming the option otherwise.
    public static func check(seconds: TimeInterval) throws(RunOptionsError) {
        guard seconds.isFinite, (0.1...3600).contains(seconds) else { throw RunOptionsError("--seconds must be between 0.1 and 3600") }
    }

    /// A flow over `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    // MARK: List

    /// Looks for `seconds` of the clock, then writes the runners present, by name; when nobody was
    /// found it says so (a text line; with `json` the list stays empty and the warning goes to the
    /// log). Discovery that cannot start (no daemon) is a usage error naming the fix.
    public func list(after seconds: TimeInterval, json: Bool) async throws(FlowError) {
        let events = try browse()
        defer { dependency.discovery.stop() }
        let runners = await collect(events, for: seconds)
        if runners.isEmpty {
            if json {
                dependency.logger.warning("\(PeerText.nothingFound(after: seconds))")
            } else {
                dependency.output.write(PeerText.nothingFound(after: seconds))
            }
        }
        for runner in runners.values.sorted(by: { ($0.name, $0.instance) < ($1.name, $1.instance) }) {
            dependency.output.write(PeerText.line(runner, json: json))
        }
    }

    /// The runners present once `seconds` have passed on the clock.
    private func collect(_ events: AsyncStream<MateEvent>, for seconds: TimeInterval) async -> [String: DiscoveredRunner] {
        let clock = dependency.clock
        return await withTaskGroup(of: [String: DiscoveredRunner]?.self) { group in
            group.addTask {
                var runners: [String: DiscoveredRunner] = [:]
                for await event in events {
                    switch event {
                    case .found(let runner), .updated(let runner): runners[runner.instance] = runner
                    case .lost(let instance): runners[instance] = nil
                    }
                }
                return runners
            }
            group.addTask {
                try? await clock.sleep(for: seconds)
                return nil
            }
            var latest: [String: DiscoveredRunner] = [:]
            // The timer ends the browse; the browse task then returns what it saw.
            while let result = await group.next() {
                if let runners = result { latest = runners } else { group.cancelAll() }
            }
            return latest
        }
    }

    // MARK: Watch

    /// Writes every change (`+` appeared, `~` updated, `-` gone) until `interrupts` yields (or ends,
    /// or discovery ends).
    public func watch(json: Bool, until interrupts: AsyncStream<Void>) async throws(FlowError) {
        let events = try browse()
        defer { dependency.discovery.stop() }
        let output = dependency.output
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events { output.write(PeerText.line(event, json: json)) }
            }
            group.addTask {
                for await _ in interrupts { return }
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func browse() throws(FlowError) -> AsyncStream<MateEvent> {
        do {
            return try dependency.discovery.mates()
        } catch {
            dependency.discovery.stop()
            throw FlowError(error, otherwise: .unavailable)
        }
    }
}
