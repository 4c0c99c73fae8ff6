import ArgumentParser
import Foundation

/// `--ghost`: the run a ghost replays.
enum GhostArgument: ExpressibleByArgument, Equatable {
    /// A recorded run: its id or any unique start of it.
    case record(String)
    /// A timed GPX track (`gpx:FILE`).
    case gpx(path: String)

    init?(argument: String) {
        if argument.hasPrefix("gpx:") {
            let path = String(argument.dropFirst(4))
            guard !path.isEmpty else { return nil }
            self = .gpx(path: path)
        } else {
            let id = argument.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
            self = .record(id)
        }
    }
}
