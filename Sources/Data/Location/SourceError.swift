/// Why a position source cannot start. Each message says what happened and what to do.
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read or parsed.
    case unreadable(path: String, reason: String)
    /// The file was read but holds no usable position.
    case noPositions(path: String, detail: String)
    /// `--source` was not understood.
    case badSpecification(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason); check the path, or use --source sim"
        case let .noPositions(path, detail):
            "\(path) has no usable position (\(detail)); a log needs GGA or RMC sentences with a fix, a GPX file <trkpt> points"
        case .badSpecification(let text):
            "--source \(text) is not understood: use sim, gpsd[:HOST:PORT], nmea:FILE[:xSPEED] or gpx:FILE[:xSPEED]"
        }
    }
}
