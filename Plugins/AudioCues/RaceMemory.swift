import FrontEndKit

/// What the cue maker remembers of the race between frames: each runner's last state, which side of
/// us each mate is on, the splits said, the last gap, the invitations and countdown seconds heard.
struct RaceMemory: Sendable {
    private enum Side { case ahead, behind }

    private var states: [String: String] = [:]
    private var offCourse = false
    private var sides: [String: Side] = [:]
    private var splitsSaid = 0
    private var lastSplit: (seconds: Double, metres: Double) = (0, 0)
    private var gapsSaid = 0
    private var heard: Set<String> = []
    private var resultSaid = false
    private var tracks: [String: Track] = [:]
    private(set) var myName: String?

    typealias Say = (CueKind, String, String?) -> Void

    /// Cues from a status frame, said through `say` in order.
    mutating func update(_ frame: FrontEndFrame, say: Say, splitMetres: Double, gapInterval: Double?, phrases: Phrases) {
        let runners = frame.runners ?? []
        guard frame.stage != "waiting", let me = runners.first(where: \.me) else {
            for runner in runners { states[runner.id] = runner.state }
            return
        }
        myName = me.name
        let isRace = frame.mode == "race"
        let ranked = isRace ? runners.filter { ($0.rank ?? 0) > 0 }.count : 0
        split(me, goal: frame.goalMetres, splitMetres: splitMetres, ranked: ranked, say: say, phrases: phrases)
        for runner in runners { stateChange(runner, ranked: ranked, say: say, phrases: phrases) }
        if (me.isOffCourse ?? false) != offCourse {
            offCourse = me.isOffCourse ?? false
            say(.course, offCourse ? phrases.offCourse : phrases.backOnCourse, nil)
        }
        if isRace { for runner in runners { tracks[runner.id, default: Track()].add(runner) } }
        if isRace, me.state == "running" {
            for mate in runners where !mate.me && mate.state == "running" { pass(me, mate, say: say, phrases: phrases) }
            if let gapInterval { gap(me, runners, elapsed: frame.elapsedSeconds ?? me.timeSeconds, every: gapInterval, say: say, phrases: phrases) }
        }
    }

    /// The result, once.
    mutating func result(_ frame: FrontEndFrame, phrases: Phrases) -> String? {
        guard !resultSaid else { return nil }
        resultSaid = true
        if frame.mode == "team", let message = frame.message { return message }
        let me = frame.runners?.first(where: \.me)
        return phrases.result(winner: frame.winner.map { ($0.name, $0.finishSeconds ?? $0.timeSeconds) },
                              me: me.map { ($0.rank ?? 0, $0.finishSeconds ?? $0.timeSeconds, $0.state == "finished") })
    }

    /// True the first time an invitation (by id) is seen.
    mutating func firstHearing(_ invitation: FrontEndInvitation) -> Bool {
        heard.insert("invitation \(invitation.id)").inserted
    }

    /// True the first time a countdown second (of a start instant) is seen.
    mutating func firstHearing(_ countdown: FrontEndCountdown) -> Bool {
        heard.insert("countdown \(countdown.startsAt) \(countdown.secondsLeft)").inserted
    }

    // MARK: Cues of a status frame

    private mutating func split(_ me: FrontEndRunner, goal: Double?, splitMetres: Double, ranked: Int, say: Say, phrases: Phrases) {
        let reached = Int(me.distanceMetres / splitMetres)
        guard reached > splitsSaid else { return }
        splitsSaid = reached
        let metres = Double(reached) * splitMetres
        defer { lastSplit = (me.timeSeconds, me.distanceMetres) }
        // At the goal the finish says it all; a split is said only while running toward it.
        guard me.state == "running", metres < (goal ?? .infinity) - 0.5 else { return }
        let covered = me.distanceMetres - lastSplit.metres
        let pace = covered > 10 ? (me.timeSeconds - lastSplit.seconds) / covered * 1000 : nil
        say(.split, phrases.split(metres: metres, seconds: me.timeSeconds, pace: pace, rank: me.rank ?? 0, runners: ranked), nil)
    }

    private mutating func stateChange(_ runner: FrontEndRunner, ranked: Int, say: Say, phrases: Phrases) {
        let before = states.updateValue(runner.state, forKey: runner.id)
        guard let before, before != runner.state else { return }
        let time = runner.finishSeconds ?? runner.timeSeconds
        let rank = ranked > 0 ? runner.rank ?? 0 : 0
        if runner.me {
            switch runner.state {
            case "finished": say(.finish, phrases.youFinished(seconds: time, rank: rank, runners: ranked), nil)
            case "cancelled": say(.finish, phrases.youCancelled, nil)
            default: break
            }
            return
        }
        let slot = "mate:\(runner.id)"
        switch (before, runner.state) {
        case (_, "finished"): say(.mate, phrases.mateFinished(runner.name, seconds: time, rank: rank), slot)
        case (_, "cancelled"): say(.mate, phrases.mateCancelled(runner.name), slot)
        case ("running", "lost"): say(.mate, phrases.mateLost(runner.name), slot)
        case ("lost", "running"): say(.mate, phrases.mateBack(runner.name), slot)
        default: break
        }
    }

    /// How far `mate` leads `me` (negative: trails) at the same running time: the later of the two
    /// distances against the other's at that runner's time. A mate's distance comes a moment late (over
    /// the network; at `--speedup 10` a second late is 10 s of race), so the latest distances compare a
    /// mate's position of some seconds ago with ours of now. Nil when the track no longer reaches back
    /// to that time.
    private func lead(of mate: FrontEndRunner, over me: FrontEndRunner) -> Double? {
        if mate.timeSeconds < me.timeSeconds {
            return tracks[me.id]?.distance(at: mate.timeSeconds).map { mate.distanceMetres - $0 }
        }
        if me.timeSeconds < mate.timeSeconds {
            return tracks[mate.id]?.distance(at: me.timeSeconds).map { $0 - me.distanceMetres }
        }
        return mate.distanceMetres - me.distanceMetres
    }

    /// A pass is a change of side once a mate leads us (or we lead them) by `passMargin` at the same
    /// running time; the first side seen is the order at the start, not a pass.
    private mutating func pass(_ me: FrontEndRunner, _ mate: FrontEndRunner, say: Say, phrases: Phrases) {
        guard let lead = lead(of: mate, over: me) else { return }
        let side: Side? = lead >= CueMaker.passMargin ? .ahead : lead <= -CueMaker.passMargin ? .behind : nil
        guard let side else { return }
        if let before = sides.updateValue(side, forKey: mate.id), before != side {
            say(.pass, side == .ahead ? phrases.passedBy(mate.name) : phrases.passed(mate.name), "pass:\(mate.id)")
        }
    }

    /// Every `interval` seconds of our running time: how far the leader is ahead, or, leading, how far
    /// the closest runner is behind.
    private mutating func gap(_ me: FrontEndRunner, _ runners: [FrontEndRunner], elapsed: Double, every interval: Double, say: Say, phrases: Phrases) {
        let due = Int(elapsed / interval)
        guard due > gapsSaid else { return }
        gapsSaid = due
        let others = runners.filter { !$0.me && $0.state == "running" }
        guard let closest = others.max(by: { $0.distanceMetres < $1.distanceMetres }),
              !runners.contains(where: { !$0.me && $0.state == "finished" }) else { return }
        let lead = lead(of: closest, over: me) ?? closest.distanceMetres - me.distanceMetres
        let text = abs(lead) < CueMaker.passMargin ? phrases.level(with: closest.name)
            : lead > 0 ? phrases.behindLeader(closest.name, metres: lead) : phrases.ahead(of: closest.name, metres: -lead)
        say(.gap, text, nil)
    }
}

/// One runner's recent (running time, distance) pairs, as the frames showed them: enough to say where
/// the runner was a few seconds ago.
struct Track: Sendable {
    /// How far back the track reaches, in seconds of running time: more than a mate is ever late
    /// without being lost (10 s), at any speed-up a race is run at.
    static let span = 60.0
    private(set) var points: [(seconds: Double, metres: Double)] = []

    /// Adds the runner's position of a frame; a time already seen (a mate not heard since) adds nothing.
    mutating func add(_ runner: FrontEndRunner) {
        if let last = points.last, runner.timeSeconds <= last.seconds {
            // A restarted race or a clock stepped back: start over rather than mix two timelines.
            if runner.timeSeconds < last.seconds - 1 { points.removeAll(keepingCapacity: true) } else { return }
        }
        points.append((runner.timeSeconds, runner.distanceMetres))
        // Forget what lies more than `span` back, in one go once twice that has gathered.
        if let first = points.first, first.seconds < runner.timeSeconds - 2 * Self.span {
            points.removeFirst(firstAtOrAfter(runner.timeSeconds - Self.span))
        }
    }

    /// The distance at running time `seconds`, interpolated between the frames around it; the latest
    /// past the end; nil before the track begins.
    func distance(at seconds: Double) -> Double? {
        guard let first = points.first, seconds >= first.seconds else { return nil }
        let after = firstAtOrAfter(seconds)
        guard after < points.count else { return points.last?.metres }
        let b = points[after]
        guard after > 0, b.seconds > seconds else { return b.metres }
        let a = points[after - 1]
        return a.metres + (b.metres - a.metres) * (seconds - a.seconds) / (b.seconds - a.seconds)
    }

    /// The index of the first point at or after `seconds` (`points.count` if none): a binary search,
    /// the times being increasing.
    private func firstAtOrAfter(_ seconds: Double) -> Int {
        var (low, high) = (0, points.count)
        while low < high {
            let middle = (low + high) / 2
            if points[middle].seconds < seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
