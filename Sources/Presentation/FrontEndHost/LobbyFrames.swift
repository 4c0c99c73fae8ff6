import Domain
import Foundation
import FrontEndKit

/// Binds the lobby's events to front-end frames: an `invitation` frame for an invitation to answer,
/// `notice`s for what the host and the joiner should know, and the `countdown` frames 3, 2, 1, 0 at
/// whole seconds before the start on the race clock.
public enum LobbyFrames {
    /// The frames for one lobby event, made at `now`.
    public static func frames(for event: LobbyEvent, now: Date) -> [FrontEndFrame] {
        let time = DisplayFormat.timestamp(now)
        func notice(_ message: String, _ level: Notice.Level = .info) -> FrontEndFrame {
            FrontEndFrame(type: .notice, time: time, level: level.rawValue, message: message)
        }
        switch event {
        case let .invited(offer, runners):
            return [notice("invited \(runners.map(\.name).joined(separator: ", ")) to \(describe(offer.terms)), waiting \(Int(offer.timeout.rounded())) s for answers")]
        case let .answered(runner, accepted):
            return [notice("\(runner.name) \(accepted ? "accepted" : "declined")")]
        case .refusedLateAnswer(let runner):
            return [notice("\(runner.name) answered too late: refused", .warning)]
        case .invitation(let offer):
            return [FrontEndFrame(
                type: .invitation, time: time,
                invitation: FrontEndInvitation(
                    id: String(offer.id), from: offer.host.name, mode: modeName(offer.terms.mode),
                    goal: DisplayFormat.distance(offer.terms.goal.metres), goalMetres: offer.terms.goal.metres,
                    expires: DisplayFormat.timestamp(offer.expiresAt), secondsLeft: max(0, offer.expiresAt.timeIntervalSince(now))
                )
            )]
        case let .closed(offer, outcome):
            let why = switch outcome {
            case .start: "started without you"
            case .cancelled: "was cancelled"
            case .timedOut: "timed out"
            case .refused: "was refused: your answer came too late"
            case .declined: "was declined"
            }
            return [notice("the invitation from \(offer.host.name) \(why)", outcome == .declined ? .info : .warning)]
        case .starting(let start):
            return [notice("\(describe(start.terms)) with \(start.runners.count) runners starts at \(DisplayFormat.timestamp(start.startsAt))")]
        }
    }

    /// The countdown to `startsAt`: a frame with 3, 2 and 1 seconds left and one with 0 at the start,
    /// each at its instant on `clock` (a start closer than 3 s skips the seconds already past).
    public static func countdown(to startsAt: Date, clock: any RaceClock) -> AsyncStream<FrontEndFrame> {
        AsyncStream { continuation in
            let task = Task {
                for left in [3, 2, 1, 0] {
                    let instant = startsAt.addingTimeInterval(-Double(left))
                    if left > 0, clock.now >= instant.addingTimeInterval(1) { continue }
                    do { try await clock.sleep(until: instant) } catch { break }
                    continuation.yield(FrontEndFrame(
                        type: .countdown, time: DisplayFormat.timestamp(clock.now),
                        countdown: FrontEndCountdown(secondsLeft: left, startsAt: DisplayFormat.timestamp(startsAt))
                    ))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

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

/// Binds a received cheer to a `cheer` frame.
public enum CheerFrames {
    public static func frame(for cheer: ReceivedCheer, now: Date) -> FrontEndFrame {
        FrontEndFrame(
            type: .cheer, time: DisplayFormat.timestamp(now),
            cheer: FrontEndCheer(from: cheer.sender.name, to: cheer.recipient?.name, emoji: cheer.emoji.symbol)
        )
    }
}
