/// The runner's position source, as a `status` frame carries it: a front-end can tell "no fix yet"
/// (`state` `no_fix`) from "standing still" (a fix, and the distance not growing).
public struct FrontEndPosition: Codable, Sendable, Equatable {
    /// sim, gpsd, nmea or gpx.
    public var source: String
    /// connecting, no_daemon, no_receiver, no_fix, fix_2d, fix_3d, simulated, replaying or ended.
    public var state: String
    /// The latest fix's horizontal error in metres, when the receiver reports one.
    public var accuracyMetres: Double?
    /// A few words for a board: `GPS 3D fix ±4 m`, `GPS: no fix yet`.
    public var summary: String
    /// The fixes the noise filter dropped so far, once it has dropped one.
    public var droppedFixes: FrontEndDroppedFixes?

    public init(source: String, state: String, accuracyMetres: Double? = nil, summary: String, droppedFixes: FrontEndDroppedFixes? = nil) {
        self.source = source
        self.state = state
        self.accuracyMetres = accuracyMetres
        self.summary = summary
        self.droppedFixes = droppedFixes
    }

    /// Whether the board should say it: a simulated runner's source goes without saying.
    public var isWorthShowing: Bool { source != "sim" }

    enum CodingKeys: String, CodingKey {
        case source, state, summary
        case accuracyMetres = "accuracy_m"
        case droppedFixes = "dropped_fixes"
    }
}
