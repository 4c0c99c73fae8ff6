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
public struct FrontEndError: Error, CustomStringConvertible, FrontEndFailure {
    public var description: String
    public var exitStatus: Int32

    /// A failure of class `exitStatus` (sysexits: `FrontEndFailureStatus`), a usage error by default.
    public init(_ description: String, exitStatus: Int32 = FrontEndFailureStatus.usage) {
        self.description = description
        self.exitStatus = exitStatus
    }
}

/// An error of `create` that says its class: `materunner` ends with that status
/// (`materunner_frontend_error_status`, docs/FRONTENDS.md).
public protocol FrontEndFailure: Error {
    /// A sysexits status: `FrontEndFailureStatus.usage`, `.unavailable` or `.cannotCreate`.
    var exitStatus: Int32 { get }
}

/// The classes a front-end's failure to start may have (sysexits(3)).
public enum FrontEndFailureStatus {
    /// A setting is wrong (EX_USAGE).
    public static let usage: Int32 = 64
    /// Something the front-end needs is missing or taken: a port in use, no sound card (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// A file cannot be created (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
}
