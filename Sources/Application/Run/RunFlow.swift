import Domain
import Foundation
import FrontEndKit
import Logging
import Presentation

/// `materunner run`: reach the mates (named peers or discovery), agree in a lobby as host or joiner
/// (or wait for the expected mates), count down, run the session with its recording on the front-ends,
/// and tear everything down on one path, however the run ends.
public struct RunFlow: Sendable {
    let request: RunRequest
    let dependencies: RunDependencies

    /// The run `request` asks for, built with `dependencies`.
    public init(request: RunRequest, dependencies: RunDependencies) {
        self.request = request
        self.dependencies = dependencies
    }

    /// Runs until the race is over, was stopped or cancelled; throws a `FlowError` when it cannot start.
    /// Once everything is torn down, logs what the transport did (datagrams, drops, update sizes, the
    /// race clock).
    public func run() async throws -> RunOutcome {
        let teardown = Teardown()
        let outcome = try await teardown.around { try await race(teardown) }
        dependencies.transport.logSummary(me: request.me.id, to: dependencies.environment.logger)
        return outcome
    }

    private func race(_ teardown: Teardown) async throws -> RunOutcome {
        let binder = dependencies.environment.makeBinder()
        await teardown.add { binder.shutdown() }
        do {
            return try await race(teardown, binder: binder)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The screens say it too, last: a JSON stream that ends with the run ends saying why.
            // Not reported by the binder: the command writes the error's one line itself when it ends.
            binder.show(EndingViewModel().transform(input: .init(endedWith: error)))
            throw error
        }
    }

    private func race(_ teardown: Teardown, binder: FrontEndBinder) async throws -> RunOutcome {
        let (me, deps, environment, logger) = (request.me, dependencies, dependencies.environment, dependencies.environment.logger)
        let clock = environment.clock
        await teardown.add { await deps.transport.close() }
        // An inviting host serves its course to the invitees that lack it from the start (a joiner fetches it).
        let courses = RunCourse(request: request, dependencies: deps, binder: binder)
        await teardown.add { courses.cancel() }
        courses.serveHostsCourse()
        let discovery = try await RunConnection(request: request, dependencies: deps).connect(teardown)
        logger.info("\(me.name) (\(me.id)) listening on UDP port \(deps.transport.localPort), \(request.terms.goal) \(request.openTerms.mode)")

        var terms = request.openTerms
        var course = request.course
        // Whether discovery already says `running` (an invited race's lobby does from its countdown on).
        var announced = false
        await teardown.add { deps.transport.leaveRace(as: me.id) }
        if request.hasLobby, let resumed = deps.transport.resumeRace(as: me.id) {
            // A restart (the same --id) of a runner of an invited race: no lobby, its mates hand its state back.
            terms = resumed
            logger.info("rejoining the invited race \(me.name) was in (kept in the data directory): catching up from the mates")
            // Its course is the host's, found on this device (its --course, or the copy fetched before).
            course = try await courses.agreed(&terms, listing: nil, invitation: 0, host: nil)
        } else if request.hasLobby {
            let start = try await RunLobby(
                request: request, dependencies: deps, binder: binder, discovery: discovery, starting: { courses.prefetch(for: $0) }
            ).agree()
            announced = discovery != nil
            terms = start.terms
            // Keyed by default with the exchanged race key and race id; a race key the runners were given
            // (--race-key-file) stays, so that spectators holding it can still watch.
            if deps.transport.isAuthenticated {
                logger.info("invited race keyed with the race key given (--race-key-file), not the exchanged one")
            } else if deps.transport.enterRace(invitation: start.invitation) {
                logger.info("invited race keyed with the race key and race id from the pairing exchange")
            }
            logger.info("run agreed: \(start.runners.count) runners, \(start.terms.goal) \(start.terms.mode), host \(start.host.name)")
            // The host's course: the invitation named it; a joiner without it fetches it from the host.
            course = try await courses.agreed(&terms, listing: start.course, invitation: start.invitation, host: start.host)
        }

        // The speed-up is part of the terms: mates at another one are named, not raced.
        terms.speedup = environment.timings.scale
        // Race time (and with it any speed-up) starts here: the lobby and its countdown were real.
        environment.startRaceTime()
        var location = try deps.location(course)
        // A phone's app shows the mates (OwnTracks' friends): it is handed every snapshot.
        let showing = location as? any RaceShowing
        if let discovery, !announced {
            // The race's own id, the same on every runner: never a per-runner random one.
            location = RunStateAnnouncer(wrapped: location, discovery: discovery, raceID: { deps.transport.publicRaceID }, logger: logger)
        }
        var configuration = environment.timings.session(
            me: me, terms: terms, expectedMates: request.expectedMates, wait: request.wait, profile: request.profile
        )
        configuration.course = course
        configuration.matesAgreed = request.hasLobby
        // In an open race anyone may announce a ghost: ghosts rank behind the runners.
        configuration.ghostsRankLast = !deps.transport.isAuthenticated
        configuration.noiseFilter.maximumAccuracy = request.maximumAccuracy
        configuration.ghost = terms.mode == .team ? nil : request.ghost
        let raceSession = RaceSession(
            configuration: configuration,
            location: RecordingLocationRepository(wrapped: location, recorder: deps.recorder),
            sync: deps.transport, clock: clock
        )
        // Under overload: fewer status frames first, then fewer of our updates; never a different result.
        let overload = OverloadWatch(
            logger: logger,
            response: OverloadResponse(binder: binder, paced: [raceSession], speedup: configuration.speedup),
            lateness: environment.lateness
        )
        await teardown.add { overload.stop() }
        let session: any RaceSessionUseCase =
            showing.map { ShowingRaceSession(wrapped: raceSession, showing: $0) } ?? raceSession
        let cheers = RecordingCheers(
            wrapped: RaceCheers(me: me, messaging: deps.transport, clock: clock), recorder: deps.recorder,
            me: me, clock: clock
        )
        // Alone (a solo run, or one against a ghost) there is nobody to keep out: nothing to warn about.
        let openRace = !deps.transport.isAuthenticated && request.role != .open(mates: 0)
        if openRace {
            logger.info("open race: anyone on this network can send progress; give every runner the same --race-key-file to close it")
        }
        // The course is drawn before the first status, with the terms agreed (laps, length).
        let drawnCourse = course.flatMap { course in terms.course.map { (course: course, terms: $0) } }
        let succeeded = await environment.runScreen(binder).present(
            race: RecordingRaceSession(wrapped: session, recorder: deps.recorder), cheers: cheers,
            positions: { [location] in location.statuses() }, worldClock: deps.worldClock, refusals: deps.transport,
            course: drawnCourse, openRace: openRace
        )
        let recorded = await RunScreen.closeRecording(deps.recorder, logger: logger)
        return RunOutcome(succeeded: succeeded, recorded: recorded, stoppedBy: await RunScreen.interruptStatus(deps.recorder, environment))
    }
}
