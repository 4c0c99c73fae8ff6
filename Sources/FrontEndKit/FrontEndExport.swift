import FrontEndABI
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes the C descriptor for a front-end written in Swift. A plugin exports the entry symbol and
/// returns `FrontEndExport.descriptor(...)` from it:
///
/// ```swift
/// @_cdecl("materunner_frontend_entry")
/// public func entry() -> UnsafeRawPointer {
///     FrontEndExport.descriptor(name: "text", version: "1.0.0") { host, options in
///         try TextFrontEnd(host: host, options: options)
///     }
/// }
/// ```
///
/// Each plugin library holds its own copy of this module, so its registration is its own.
public enum FrontEndExport {
    /// Builds a `FrontEnd` from the host connection and the options.
    public typealias Factory = @Sendable (FrontEndHostConnection, FrontEndOptions) throws -> any FrontEnd

    private struct Registration: @unchecked Sendable {
        var factory: Factory
        var descriptor: UnsafeMutablePointer<mr_frontend_descriptor>
    }

    private static let registration = Mutex<Registration?>(nil)
    private static let lastError = Mutex<UnsafeMutablePointer<CChar>?>(nil)
    private static let lastErrorStatus = Mutex<Int32>(FrontEndFailureStatus.usage)

    /// The class of the last failed `create` (`materunner_frontend_error_status`).
    static var lastFailureStatus: Int32 { lastErrorStatus.withLock { $0 } }

    /// The descriptor for the plugin: made on the first call, the same pointer afterwards.
    public static func descriptor(name: String, version: String, factory: @escaping Factory) -> UnsafeRawPointer {
        registration.withLock { current in
            if let current { return UnsafeRawPointer(current.descriptor) }
            let descriptor = UnsafeMutablePointer<mr_frontend_descriptor>.allocate(capacity: 1)
            descriptor.initialize(to: mr_frontend_descriptor(
                abi_version: UInt32(MR_FRONTEND_ABI_VERSION),
                name: UnsafePointer(strdup(name)),
                version: UnsafePointer(strdup(version)),
                create: { host, options, length in FrontEndExport.create(host: host, options: options, length: length) },
                deliver: { instance, frame, length in FrontEndExport.deliver(instance: instance, frame: frame, length: length) },
                destroy: { instance in FrontEndExport.destroy(instance: instance) },
                last_error: { FrontEndExport.lastError.withLock { UnsafePointer($0) } }
            ))
            current = Registration(factory: factory, descriptor: descriptor)
            return UnsafeRawPointer(descriptor)
        }
    }

    // MARK: C entry points

    private final class Instance {
        let frontEnd: any FrontEnd
        /// `frontEnd` as a raw-frame front-end, if it is one: cast once, not for every frame (a dynamic
        /// cast to a protocol is a lookup in the runtime's conformance tables).
        let raw: (any RawFrameFrontEnd)?
        init(_ frontEnd: any FrontEnd) {
            self.frontEnd = frontEnd
            raw = frontEnd as? any RawFrameFrontEnd
        }
    }

    private static func create(
        host: UnsafePointer<mr_frontend_host>?, options: UnsafePointer<CChar>?, length: Int
    ) -> UnsafeMutableRawPointer? {
        guard let host, let factory = registration.withLock({ $0?.factory }) else {
            setLastError("create called without a host or before the entry point")
            return nil
        }
        do {
            let decoded = try options.map {
                try FrontEndCoding.decode(FrontEndOptions.self, from: UnsafeRawBufferPointer(start: $0, count: length))
            } ?? FrontEndOptions()
            let frontEnd = try factory(FrontEndHostConnection(host: host.pointee), decoded)
            return Unmanaged.passRetained(Instance(frontEnd)).toOpaque()
        } catch {
            setLastError("\(error)")
            lastErrorStatus.withLock { $0 = (error as? any FrontEndFailure)?.exitStatus ?? FrontEndFailureStatus.usage }
            return nil
        }
    }

    private static func deliver(instance: UnsafeMutableRawPointer?, frame: UnsafePointer<CChar>?, length: Int) -> Int32 {
        guard let instance, let frame else { return 1 }
        let target = Unmanaged<Instance>.fromOpaque(instance).takeUnretainedValue()
        do {
            let bytes = UnsafeRawBufferPointer(start: frame, count: length)
            if let raw = target.raw {
                try raw.deliver(json: bytes)
                return 0
            }
            let decoded = try FrontEndCoding.decode(FrontEndFrame.self, from: bytes)
            try target.frontEnd.deliver(decoded)
            return 0
        } catch {
            setLastError("\(error)")
            return 1
        }
    }

    private static func destroy(instance: UnsafeMutableRawPointer?) {
        guard let instance else { return }
        Unmanaged<Instance>.fromOpaque(instance).takeRetainedValue().frontEnd.close()
    }

    private static func setLastError(_ message: String) {
        lastError.withLock { current in
            free(current)
            current = strdup(message)
        }
    }
}

/// The optional second symbol of a front-end library (docs/FRONTENDS.md, "Lifecycle"): the sysexits
/// class of its last failed `create`, so that `materunner` ends with 69 for a port in use or a missing
/// sound card rather than 64. Every Swift front-end exports it through this module.
@_cdecl("materunner_frontend_error_status")
public func materunnerFrontendErrorStatus() -> Int32 {
    FrontEndExport.lastFailureStatus
}
