import ArgumentParser
import Data

/// `--source`: where the runner's positions come from.
enum SourceArgument: ExpressibleByArgument, Equatable {
    /// The simulated runner (`sim`, the default).
    case simulator
    /// gpsd's JSON protocol (`gpsd`, `gpsd:HOST:PORT`).
    case gpsd(GPSDEndpoint)
    /// An NMEA 0183 log replayed (`nmea:FILE[:xSPEED]`).
    case nmea(path: String, speed: Double)
    /// A GPX track replayed (`gpx:FILE[:xSPEED]`).
    case gpx(path: String, speed: Double)

    init?(argument: String) {
        if argument == "sim" {
            self = .simulator
        } else if argument == "gpsd" || argument.hasPrefix("gpsd:") {
            guard let endpoint = GPSDEndpoint.parse(String(argument.dropFirst(argument == "gpsd" ? 4 : 5))) else { return nil }
            self = .gpsd(endpoint)
        } else if let (path, speed) = Self.file(argument, prefix: "nmea:") {
            self = .nmea(path: path, speed: speed)
        } else if let (path, speed) = Self.file(argument, prefix: "gpx:") {
            self = .gpx(path: path, speed: speed)
        } else {
            return nil
        }
    }

    /// How many times faster than recorded a replay runs (1 for live sources). The race clock runs that
    /// much faster, so that race time stays recorded time and speeds stay real to the noise filter.
    var replaySpeed: Double {
        switch self {
        case .simulator, .gpsd: 1
        case let .nmea(_, speed), let .gpx(_, speed): speed
        }
    }

    /// `PREFIX FILE[:xSPEED]`: the file, and the speed-up (1 when absent); SPEED is 0.1...1000.
    private static func file(_ argument: String, prefix: String) -> (String, Double)? {
        guard argument.hasPrefix(prefix) else { return nil }
        var path = String(argument.dropFirst(prefix.count))
        var speed = 1.0
        if let colon = path.lastIndex(of: ":"), path[path.index(after: colon)...].hasPrefix("x") {
            guard let value = Double(path[path.index(colon, offsetBy: 2)...]), value.isFinite, (0.1...1000).contains(value) else {
                return nil
            }
            speed = value
            path = String(path[..<colon])
        }
        return path.isEmpty ? nil : (path, speed)
    }

    var defaultValueDescription: String { "sim" }

    static var defaultCompletionKind: CompletionKind { .default }
}
