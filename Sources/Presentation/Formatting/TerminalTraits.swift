/// What standard output can show, from whether it is a terminal and the environment (docs/TEXT-FRONTEND.md):
/// a terminal is redrawn in place and read for keys unless `TERM=dumb` (which has no cursor movement: plain
/// lines, as on a pipe); colour only there, and never with `NO_COLOR` set to anything but empty
/// (no-color.org).
public struct TerminalTraits: Sendable, Equatable {
    public let redrawsInPlace: Bool
    public let color: Bool

    public init(isTTY: Bool, environment: [String: String]) {
        let dumb = environment["TERM"] == "dumb"
        redrawsInPlace = isTTY && !dumb
        color = redrawsInPlace && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
