/// Where a runner's positions come from, as `run --source` writes it: `sim`, `gpsd`, `gpsd:HOST:PORT`,
/// `nmea:FILE[:xSPEED]` or `gpx:FILE[:xSPEED]` (SPEED 0.1 … 1000), or a phone app's HTTP endpoint
/// (`owntracks-http[:[HOST:]PORT][:encrypted]`, `traccar[:[HOST:]PORT]`), or OwnTracks through the broker
/// (`owntracks:USER/DEVICE[:encrypted]`).
public enum LocationSourceSpec: Sendable, Equatable {
    /// The simulated runner (`sim`, the default).
    case simulator
    /// gpsd's JSON protocol (`gpsd`, `gpsd:HOST:PORT`).
    case gpsd(GPSDEndpoint)
    /// An NMEA 0183 log replayed (`nmea:FILE[:xSPEED]`).
    case nmea(path: String, speed: Double)
    /// A GPX track replayed (`gpx:FILE[:xSPEED]`).
    case gpx(path: String, speed: Double)
    /// A phone app posting over HTTP, or publishing to the broker (`PhoneSourceSpec`).
    case phone(PhoneSourceSpec)

    /// The source `text` names; nil for anything else (an unknown kind, an empty file name, a speed out
    /// of range or not a number).
    public init?(parsing text: String) {
        if text == "sim" {
            self = .simulator
        } else if text == "gpsd" || text.hasPrefix("gpsd:") {
            guard let endpoint = GPSDEndpoint.parse(String(text.dropFirst(text == "gpsd" ? 4 : 5))) else { return nil }
            self = .gpsd(endpoint)
        } else if let (path, speed) = Self.file(text, prefix: "nmea:") {
            self = .nmea(path: path, speed: speed)
        } else if let (path, speed) = Self.file(text, prefix: "gpx:") {
            self = .gpx(path: path, speed: speed)
        } else if let phone = PhoneSourceSpec(parsing: text) {
            self = .phone(phone)
        } else {
            return nil
        }
    }

    /// How many times faster than recorded a replay runs (1 for live sources). The race clock runs that
    /// much faster, so that race time stays recorded time and speeds stay real to the noise filter.
    public var replaySpeed: Double {
        switch self {
        case .simulator, .gpsd, .phone: 1
        case let .nmea(_, speed), let .gpx(_, speed): speed
        }
    }

    /// `PREFIX FILE[:xSPEED]`: the file, and the speed-up (1 when absent); SPEED is 0.1...1000.
    private static func file(_ text: String, prefix: String) -> (String, Double)? {
        guard text.hasPrefix(prefix) else { return nil }
        var path = String(text.dropFirst(prefix.count))
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
}

extension SimulatedLocationRepository.Profile.Pause {
    /// `EVERY:SECONDS` (`run --pause`): stand still for SECONDS after every EVERY seconds of running;
    /// nil unless both are positive finite numbers.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let every = Double(parts[0]), let duration = Double(parts[1]),
              every.isFinite, duration.isFinite, every > 0, duration > 0
        else { return nil }
        self.init(every: every, duration: duration)
    }
}
