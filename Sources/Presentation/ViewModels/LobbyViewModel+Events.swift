import Domain
import Foundation
import FrontEndKit

// MARK: What each lobby event shows

extension LobbyViewModel {
    /// Shows `event`, made at `now`: an invitation to answer, or a notice for the host or the joiner.
    static func show(_ event: LobbyEvent, now: Date, outputs: Continuations) {
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
        case .invitation(let offer):
            outputs.invitation.yield(invitation(offer, now: now))
        case let .closed(offer, outcome):
            let why = switch outcome {
            case .start: "started without you"
            case .cancelled: "was cancelled"
            case .timedOut: "timed out"
            case .refused: "was refused: your answer came too late"
            case .declined: "was declined"
            }
            outputs.say("the invitation from \(offer.host.name) \(why)", outcome == .declined ? .info : .warning)
        case .starting(let start):
            outputs.say(
                "\(describe(start.terms)) with \(start.runners.count) runners starts at \(DisplayFormat.timestamp(start.startsAt))"
            )
        }
    }

    /// `offer` as an `invitation` frame carries it, with the seconds left at `now`.
    static func invitation(_ offer: InvitationOffer, now: Date) -> FrontEndInvitation {
        FrontEndInvitation(
            id: String(offer.id), from: offer.host.name, mode: modeName(offer.terms.mode),
            goal: DisplayFormat.distance(offer.terms.goal.metres), goalMetres: offer.terms.goal.metres,
            expires: DisplayFormat.timestamp(offer.expiresAt), secondsLeft: max(0, offer.expiresAt.timeIntervalSince(now)),
            code: offer.security.flatMap { $0.isPaired ? nil : $0.code }, paired: offer.security?.isPaired == true ? true : nil
        )
    }

    /// `a 5.00 km race`.
    static func describe(_ terms: RaceTerms) -> String {
        "a \(DisplayFormat.distance(terms.goal.metres)) \(modeName(terms.mode))"
    }

    static func modeName(_ mode: RaceMode) -> String {
        switch mode {
        case .single: "single"
        case .race: "race"
        case .team: "team"
        }
    }
}
