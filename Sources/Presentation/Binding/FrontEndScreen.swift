import FrontEndKit

/// Where a binder shows frames and reads input events: the loaded front-ends (`FrontEndHost`, in FrontEndHosting), or a
/// test's recording screen.
public protocol FrontEndScreen: Sendable {
    /// Every input event from the front-ends, e.g. the person pressed the stop key. Read by one
    /// reader only (the binder).
    var inputs: AsyncStream<FrontEndInputEvent> { get }
    /// Hands `frame` to every front-end; returns the paths of those that rejected it. Called one
    /// call at a time.
    @discardableResult func deliver(_ frame: FrontEndFrame) -> [String]
    /// Ends the front-ends (they flush) and finishes `inputs`.
    func shutdown()
}
