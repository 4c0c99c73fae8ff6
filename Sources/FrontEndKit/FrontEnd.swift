/// What a front-end written in Swift implements. `FrontEndExport` turns it into the C ABI.
///
/// The host calls `deliver` serially (never twice at once) from a thread of its own; keep it quick.
public protocol FrontEnd: AnyObject {
    /// Called once per frame, in order.
    func deliver(_ frame: FrontEndFrame) throws
    /// Called once, after the last frame: flush and let go of resources.
    func close()
}

/// Why a front-end refused to start or a frame.
public struct FrontEndError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
