import ArgumentParser
import Domain

/// `--mode`: how a run with mates is decided (a run without mates is always single).
enum RunMode: String, ExpressibleByArgument, CaseIterable {
    case race
    case team

    var raceMode: RaceMode {
        switch self {
        case .race: .race
        case .team: .team
        }
    }
}
