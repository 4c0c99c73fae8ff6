/// A transport with a line of its own in a run's summary (`--log-level info`): the broker's connections
/// and drops, the LAN shortcut's copies.
package protocol SummarizedTransport {
    /// The summary's line.
    var summary: String { get }
}
