/// The state of the runner's position source, for the board and the status frames: a frame can then tell
/// "no fix yet" (`noFix`) from "standing still" (a fix, and no distance added).
public struct PositionStatus: Sendable, Equatable {
    /// Where positions come from.
    public enum Source: String, Sendable, Equatable {
        case simulator = "sim"
        case gpsd
        case nmea
        case gpx
        /// The OwnTracks app, posting over HTTP.
        case owntracks
        /// Traccar Client, posting over HTTP (the OsmAnd protocol).
        case traccar

        /// Whether positions come from a phone app (its accuracy shown like a GPS fix's).
        public var isPhone: Bool { self == .owntracks || self == .traccar }
    }

    /// How the source is doing, from worst to best for gpsd.
    public enum State: String, Sendable, Equatable, CaseIterable {
        /// Not connected yet (gpsd: connecting; a phone: no position received yet).
        case connecting
        /// gpsd cannot be reached (not running, wrong host or port): retrying.
        case noDaemon = "no_daemon"
        /// gpsd runs but has no receiver (unplugged, or none configured).
        case noReceiver = "no_receiver"
        /// The receiver reports, without a fix yet (no sky view, cold start).
        case noFix = "no_fix"
        /// A two-dimensional fix (no altitude).
        case fix2D = "fix_2d"
        /// A three-dimensional fix.
        case fix3D = "fix_3d"
        /// Positions made up by the simulator.
        case simulated
        /// Positions replayed from a recording.
        case replaying
        /// The source has ended (a replay is over, gpsd gave up).
        case ended
    }

    public var source: Source
    public var state: State
    /// The horizontal error of the latest fix, in metres, when the receiver reports it.
    public var accuracyMetres: Double?

    public init(source: Source, state: State, accuracyMetres: Double? = nil) {
        self.source = source
        self.state = state
        self.accuracyMetres = accuracyMetres
    }

    /// Whether positions are being used for distance.
    public var hasFix: Bool {
        [.fix2D, .fix3D, .simulated, .replaying].contains(state)
    }

    /// A few words for a board: `GPS 3D fix ±4 m`, `GPS: no fix yet`, `gpsd not reachable`.
    public var summary: String {
        switch state {
        case .connecting: source.isPhone ? "\(source.rawValue): waiting for the phone" : "GPS: connecting to gpsd"
        case .noDaemon: "GPS: gpsd not reachable"
        case .noReceiver: "GPS: no receiver"
        case .noFix: "GPS: no fix yet"
        case .fix2D, .fix3D:
            "GPS \(state == .fix2D ? "2D" : "3D") fix" + (accuracyMetres.map { " ±\(Int($0.rounded())) m" } ?? "")
        case .simulated: "simulated"
        case .replaying: "replaying \(source.rawValue)"
        case .ended: "\(source == .gpsd ? "GPS" : source.rawValue): ended"
        }
    }
}

extension PositionStatus {
    /// A stream of `status` alone, for a source whose state never changes.
    public static func constant(_ status: PositionStatus) -> AsyncStream<PositionStatus> {
        AsyncStream { continuation in
            continuation.yield(status)
            continuation.finish()
        }
    }
}
