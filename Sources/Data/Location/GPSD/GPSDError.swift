/// Why the gpsd source stopped.
public enum GPSDError: Error, Equatable, CustomStringConvertible {
    /// Every reconnection attempt failed.
    case gaveUp(endpoint: GPSDEndpoint, reason: String)

    public var description: String {
        switch self {
        case let .gaveUp(endpoint, reason):
            "\(reason) at \(endpoint), giving up: start gpsd (systemctl start gpsd), check --source gpsd:HOST:PORT, or use --source sim"
        }
    }
}
