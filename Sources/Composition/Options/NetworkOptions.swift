import Application
import Domain

/// `--peer` and `--port`: whom the race goes to and where it is heard, for `run` and `watch`.
public struct NetworkOptions: Sendable, Equatable {
    /// `--peer HOST:PORT`, as written; empty: mates found over discovery.
    public var peers: [String]
    /// `--port`: nil for the command's default.
    public var port: Int?

    /// Options.
    public init(peers: [String] = [], port: Int? = nil) {
        (self.peers, self.port) = (peers, port)
    }

    /// Throws naming a peer that is not HOST:PORT, or a port out of range.
    public func check() throws(RunOptionsError) {
        for text in peers {
            do { _ = try PeerAddress(parsing: text) } catch { throw RunOptionsError("\(error)") }
        }
        if let port, !(0...65535).contains(port) { throw RunOptionsError("--port \(port) is not between 0 and 65535") }
    }
}
