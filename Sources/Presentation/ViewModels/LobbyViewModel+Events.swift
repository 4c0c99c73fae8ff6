import Domain
import Foundation
import FrontEndKit

// MARK: What each lobby event shows

extension LobbyViewModel {
    /// Shows `event`, made at `now`: a joiner's invitations and wait through `joiner`, a notice for
    /// the host or the joiner (times of day in `timeZone`).
    static func show(_ event: LobbyEvent, now: Date, timeZone: TimeZone, outputs: Continuations, joiner: JoinerInvitations) async {
        switch event {
        case let .invited(offer, runners):
            outputs.say(
                "invited \(runners.map(\.name).joined(separator: ", ")) to \(describe(offer.terms)), "
                    + "waiting \(Int(offer.timeout.rounded())) s for answers"
            )
        case let .answered(runner, accepted):
            outputs.say("\(runner.name) \(accepted ? "accepted" : "declined")")
        case .refusedLateAnswer(let runner):
            outputs.say("\(runner.name) answered too late: refused", .warning)
        case let .joinerCode(runner, code, paired):
            outputs.say(paired ? "\(runner.name) is paired" : "\(runner.name)'s code: \(code) (\(runner.name) accepts only if it matches)")
        case .notPaired(let offer):
            outputs.say(
                "not accepted by itself: \(offer.host.name) is not paired with this device; pair once by accepting its invitation "
                    + "after checking that the code matches \(offer.host.name)'s screen", .warning
            )
        case let .waiting(me, until):
            await joiner.waiting(me, until: until, now: now)
        case .invitation(let offer):
            await joiner.received(offer, now: now)
            if let course = offer.terms.course {
                let listing = offer.course.map {
                    " (\($0.title), \(DisplayFormat.distance(Double($0.totalCentimetres) / 100))\(course.laps > 1 ? " in \(course.laps) laps" : ""), \($0.pointCount) points)"
                } ?? ""
                outputs.say("\(offer.host.name)'s race is on the course \(course.name)\(listing)")
            }
        case let .closed(offer, outcome):
            await joiner.closed(offer, outcome, now: now)
        case .starting(let start):
            await joiner.starting(start, now: now)
            let left = JoinerInvitations.seconds(start.startsAt.timeIntervalSince(now))
            outputs.say(
                "\(describe(start.terms)) with \(start.runners.count) runners starts at \(DisplayFormat.timeOfDay(start.startsAt, in: timeZone)) "
                    + "(in \(left) s)"
            )
        }
    }

    /// `offer` as an `invitation` frame carries it, in `state`, with the seconds left at `now` (none
    /// once it can no longer be answered).
    static func invitation(_ offer: InvitationOffer, now: Date, state: FrontEndInvitation.State = .open) -> FrontEndInvitation {
        FrontEndInvitation(
            id: String(offer.id), from: offer.host.name, mode: modeName(offer.terms.mode),
            goal: DisplayFormat.distance(offer.terms.goal.metres), goalMetres: offer.terms.goal.metres,
            expires: DisplayFormat.timestamp(offer.expiresAt),
            secondsLeft: state == .open ? max(0, offer.expiresAt.timeIntervalSince(now)) : 0,
            code: offer.security.flatMap { $0.isPaired ? nil : $0.code }, paired: offer.security?.isPaired == true ? true : nil,
            state: state
        )
    }

    /// `a 5.00 km race`, and `on the course lake.gpx` when it has one.
    static func describe(_ terms: RaceTerms) -> String {
        "a \(DisplayFormat.distance(terms.goal.metres)) \(modeName(terms.mode))" + (terms.course.map { " on the course \($0.name)" } ?? "")
    }

    static func modeName(_ mode: RaceMode) -> String {
        switch mode {
        case .single: "single"
        case .race: "race"
        case .team: "team"
        }
    }
}
