/// What a front-end written in Swift implements. `FrontEndExport` turns it into the C ABI.
///
/// The host calls `deliver` serially (never twice at once) from a thread of its own; keep it quick.
public protocol FrontEnd: AnyObject {
    /// Called once per frame, in order.
    func deliver(_ frame: FrontEndFrame) throws
    /// Called once, after the last frame: flush and let go of resources.
    func close()
}

/// A front-end that takes each frame as the JSON the host sent, whatever its type, instead of decoded:
/// one that relays frames unchanged (the web front-end passes them to browsers) sees the frame types
/// and fields of later schema-1 versions too. `FrontEndExport` calls `deliver(json:)` for it, never
/// `deliver(_:)`.
public protocol RawFrameFrontEnd: FrontEnd {
    /// Called once per frame, in order, with the frame's JSON bytes (valid during the call only).
    func deliver(json: UnsafeRawBufferPointer) throws
}

/// Why a front-end refused to start or a frame.
public struct FrontEndError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
