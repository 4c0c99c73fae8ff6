import Domain
import Presentation

/// `materunner demo`: two simulated runners race each other over their own transports on this
/// machine; the first one's race is shown and recorded, the second runs unseen.
public struct DemoFlow: Sendable {
    /// One of the demo's runners: who, its transport, and where its positions come from.
    public struct Entrant: Sendable {
        public var runner: Runner
        public var transport: any RaceTransport
        public var location: any LocationRepository

        /// A runner of the demo.
        public init(runner: Runner, transport: any RaceTransport, location: any LocationRepository) {
            self.runner = runner
            self.transport = transport
            self.location = location
        }
    }

    let terms: RaceTerms
    let shown: Entrant
    let other: Entrant
    let recorder: RunRecorder
    let environment: FlowEnvironment

    /// A race to `terms` between `shown` (drawn, and recorded by `recorder`) and `other`.
    public init(terms: RaceTerms, shown: Entrant, other: Entrant, recorder: RunRecorder, environment: FlowEnvironment) {
        self.terms = terms
        self.shown = shown
        self.other = other
        self.recorder = recorder
        self.environment = environment
    }

    /// Races until the shown runner's race is over or stopped; the runners reach each other at `host`
    /// (their transports listen there).
    public func run(host: String = "127.0.0.1") async throws -> RunOutcome {
        let teardown = Teardown()
        return try await teardown.around {
            let binder = environment.makeBinder()
            await teardown.add { binder.shutdown() }
            for entrant in [shown, other] { await teardown.add { await entrant.transport.close() } }
            do {
                try shown.transport.addPeer(PeerAddress(host: host, port: other.transport.localPort))
                try other.transport.addPeer(PeerAddress(host: host, port: shown.transport.localPort))
            } catch {
                throw FlowError(.unavailable, "the demo's runners cannot reach each other: \(error)")
            }
            environment.startRaceTime()
            let otherSession = session(of: other, location: other.location)
            // Both transports are on loopback: nobody else can join, so no open-race notice.
            let shownSession = session(of: shown, location: RecordingLocationRepository(wrapped: shown.location, recorder: recorder))
            // Under overload: fewer status frames first, then fewer updates from both runners.
            let overload = OverloadWatch(
                logger: environment.logger,
                response: OverloadResponse(binder: binder, paced: [shownSession, otherSession], speedup: environment.timings.scale),
                lateness: environment.lateness
            )
            await teardown.add { overload.stop() }
            let otherRun = Task {
                for try await _ in otherSession.snapshots() {}
            }
            await teardown.add { otherRun.cancel() }
            let succeeded = await environment.runScreen(binder).present(
                race: RecordingRaceSession(wrapped: shownSession, recorder: recorder), cheers: nil
            )
            let recorded = await RunScreen.closeRecording(recorder, logger: environment.logger)
            return RunOutcome(succeeded: succeeded, recorded: recorded, stoppedBy: await RunScreen.interruptStatus(recorder, environment))
        }
    }

    private func session(of entrant: Entrant, location: any LocationRepository) -> RaceSession {
        RaceSession(
            configuration: environment.timings.session(me: entrant.runner, terms: terms, expectedMates: 1, wait: 10, profile: .standard),
            location: location, sync: entrant.transport, clock: environment.clock
        )
    }
}
