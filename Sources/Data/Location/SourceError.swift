import Domain

/// Why a position source cannot start. Each message says what happened and what to do.
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case missing(path: String)
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The file was read but is not what it should be (a GPX file that is not valid GPX).
    case malformed(path: String, reason: String)
    /// The file was read but holds no usable position.
    case noPositions(path: String, detail: String)
    /// `--source` was not understood.
    case badSpecification(String)
    /// A phone source's credentials file cannot be used.
    case phoneCredentials(path: String, reason: String)
    /// A phone source cannot listen where it was told to.
    case cannotListen(address: String, reason: String)
    /// What was asked goes through an MQTT broker, and none was given.
    case needsBroker(String)

    public var description: String {
        switch self {
        case .missing(let path):
            "there is no file \(path): check the path, or use --source sim"
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason); check the path and its permissions, or use --source sim"
        case let .malformed(_, reason):
            "\(reason): give a GPX 1.1 file with <trkpt> points, or use --source sim"
        case let .noPositions(path, detail):
            "\(path) has no usable position (\(detail)); a log needs GGA or RMC sentences with a fix, a GPX file <trkpt> points"
        case .badSpecification(let text):
            "--source \(text) is not understood: use sim, gpsd[:HOST:PORT], nmea:FILE[:xSPEED], gpx:FILE[:xSPEED], "
                + "owntracks-http[:[HOST:]PORT][:encrypted], owntracks:USER/DEVICE[:encrypted] or traccar[:[HOST:]PORT]"
        case let .phoneCredentials(path, reason):
            "cannot use the phone credentials in \(path): \(reason); "
                + "remove the file to make new ones (then set the phone up again)"
        case let .cannotListen(address, reason):
            "cannot listen for the phone at \(address): \(reason); "
                + "give another port (--source owntracks-http:PORT, traccar:PORT) or stop what uses it"
        case .needsBroker(let what):
            "\(what) goes through an MQTT broker: give --broker mqtt://[USER@]HOST (and --broker-password-file)"
        }
    }
}

extension SourceError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .missing, .unreadable: .noInput
        case .malformed, .noPositions, .phoneCredentials: .badData
        case .cannotListen: .unavailable
        case .badSpecification, .needsBroker: .usage
        }
    }
}
