import Domain
import Foundation
import FrontEndKit

extension RaceBoard {
    /// The board for one snapshot of the run.
    public init(_ snapshot: RaceSnapshot) {
        let terms = snapshot.standings.terms
        let runners = snapshot.standings.standings.map { standing in
            var runner = FrontEndRunner(standing, me: snapshot.me, effort: snapshot.effort)
            if let laps = snapshot.laps[standing.runner.id] {
                runner.laps = laps.map { DisplayFormat.splitTime($0.duration) }
                runner.lapsSeconds = laps.map { FrontEndRunner.rounded($0.duration, to: 1000) }
            }
            if let place = snapshot.places[standing.runner.id] {
                runner.offCourse = place.isOffCourse
                runner.course = FrontEndRunnerCourse(
                    progressMetres: standing.distance, lap: place.lap,
                    latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                    gpsDistanceMetres: runner.me ? snapshot.effort.gpsDistance : nil
                )
            }
            return runner
        }
        let stage: String
        let headline: String
        switch snapshot.stage {
        case let .waitingForMates(heard, expected):
            stage = "waiting"
            headline = "waiting for mates: \(heard) of \(expected)"
                + snapshot.mismatches.map { "; \($0)" }.joined()
        case .running:
            stage = "running"
            headline = snapshot.standings.team.map { Self.teamHeadline($0, goal: terms.goal) } ?? "running to \(terms.goal)"
        case .complete:
            stage = "complete"
            headline = snapshot.standings.team.map { Self.teamHeadline($0, goal: terms.goal) } ?? "finished"
        }
        let mode: String = switch terms.mode {
        case .single: "single"
        case .race: "race"
        case .team: "team"
        }
        self.init(
            stage: stage,
            headline: headline,
            mode: mode,
            goal: DisplayFormat.distance(terms.goal.metres),
            goalMetres: terms.goal.metres,
            runners: runners,
            leader: snapshot.standings.leader.map(\.runner.name)
        )
    }

    /// A team run's line: the group's distance toward the goal and each runner's share.
    static func teamHeadline(_ team: TeamStandings, goal: RaceGoal) -> String {
        "team: \(DisplayFormat.kilometres(team.distance)) of \(DisplayFormat.distance(goal.metres)) "
            + "(\(DisplayFormat.percent(team.progress)))"
    }
}

extension FrontEndRunner {
    /// The row of `standing`; `effort` is our own runner's (calories are known for ours only).
    init(_ standing: Standing, me: RunnerID, effort: RunnerEffort? = nil) {
        let state: String = if standing.isLost {
            "lost"
        } else {
            switch standing.phase {
            case .waiting: "waiting"
            case .running: "running"
            case .finished: "finished"
            case .cancelled: "cancelled"
            }
        }
        // Overall pace over the run so far (to the finish once finished), by the Domain's rule, for
        // every runner: mates' efforts are not on the wire, their distance and time are.
        let pace = Pace.overall(distance: standing.distance, elapsed: standing.finishTime ?? standing.elapsed)
        let isMe = standing.runner.id == me
        let kilocalories = isMe ? effort?.kilocalories : nil
        self.init(
            id: standing.runner.id.description,
            name: standing.runner.name,
            me: isMe,
            rank: standing.isRanked ? standing.rank : nil,
            state: state,
            distance: DisplayFormat.distance(standing.distance),
            distanceMetres: standing.distance,
            progress: Self.rounded(standing.progress, to: 100_000),
            leader: standing.isLeader,
            time: DisplayFormat.elapsed(standing.elapsed),
            timeSeconds: standing.elapsed,
            finishSeconds: standing.finishTime,
            pace: pace.map { DisplayFormat.pace(metresPerSecond: 1000 / $0) },
            speedMetresPerSecond: pace.map { Self.rounded(1000 / $0, to: 1000) },
            calories: kilocalories.map(DisplayFormat.calories),
            caloriesKcal: kilocalories.map { Self.rounded($0, to: 100) },
            ghost: standing.runner.isGhost ? true : nil, announcedBy: standing.runner.isGhost ? standing.runner.announcedBy : nil
        )
    }

    /// `value` to a `scale`th (a power of ten): a frame's SI values carry what a reader can use (a millimetre a
    /// second, a 100 000th of the goal, a 100th of a kilocalorie), not a double's 17 digits, and the
    /// frame writer writes such numbers from their digits (`FrontEndFrameWriter`).
    static func rounded(_ value: Double, to scale: Double) -> Double {
        (value * scale).rounded() / scale
    }
}

extension RunningResult {
    /// The result of the run as `snapshot` shows it: complete, or stopped (or cancelled) at the
    /// elapsed time `elapsed`, seen by `role`.
    init(_ snapshot: RaceSnapshot, elapsed: String, role: RunningViewModel.Role) {
        guard snapshot.stage != .complete else {
            self.init(snapshot)
            return
        }
        let board = RaceBoard(snapshot)
        let leading = board.runners.first { $0.leader && $0.rank != nil }.map { "\($0.me && role == .runner ? "you" : $0.name) led with \($0.distance)" }
        let summary: String
        if case .waitingForMates = snapshot.stage {
            summary = role == .spectator ? "stopped watching before the race started" : "run stopped before it started"
        } else if role == .runner, let mine = snapshot.mine, mine.isCancelled {
            summary = "you cancelled at \(DisplayFormat.distance(mine.distance)) after \(DisplayFormat.elapsed(mine.elapsed))"
        } else {
            summary = (role == .spectator ? "stopped watching" : "run stopped") + " at \(elapsed), before the end"
                + (leading.map { ": \($0)" } ?? "")
        }
        self.init(board: board, winner: nil, summary: summary)
    }

    /// The result of a complete run.
    init(_ snapshot: RaceSnapshot) {
        let board = RaceBoard(snapshot)
        // A team run has no winner: the group reaches the goal together.
        let winner = snapshot.standings.team == nil ? board.runners.first { $0.rank == 1 && $0.finishSeconds != nil } : nil
        let summary: String
        if let team = snapshot.standings.team {
            let shares = snapshot.standings.standings
                .map { "\($0.runner.name) \(String(format: "%.2f", team.percent(of: $0.runner.id)))%" }
                .joined(separator: ", ")
            summary = (team.reachedGoal ? "the team reached \(board.goal)" : "the team covered \(DisplayFormat.distance(team.distance))")
                + (shares.isEmpty ? "" : ": \(shares)")
        } else {
            summary = (winner.map { "\($0.ghost == true ? "the ghost " : "")\($0.name) wins in \($0.time)" } ?? "nobody reached \(board.goal)")
                + (GhostMargin.margin(in: snapshot.standings, me: snapshot.me).map { "; " + DisplayFormat.ghostMargin($0) } ?? "")
        }
        self.init(board: board, winner: winner, summary: summary)
    }
}
