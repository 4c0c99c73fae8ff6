import Foundation
import FrontEndABI

/// Opening a front-end library and reading its descriptor, without creating an instance. Libraries
/// are opened with `RTLD_NOW | RTLD_LOCAL` and never closed: Swift code must not be unloaded, and
/// opening the same file again returns the same handle.
enum FrontEndLibrary {
    /// The descriptor the library's entry returns; no check of its ABI version.
    static func descriptor(path: String) throws(FrontEndLoadError) -> UnsafePointer<mr_frontend_descriptor> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .cannotOpen(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, MR_FRONTEND_ENTRY_SYMBOL) else { throw .missingEntry(path: path) }
        let entry = unsafeBitCast(symbol, to: mr_frontend_entry_fn.self)
        guard let descriptor = entry() else { throw .incompleteDescriptor(path: path) }
        return descriptor
    }

    /// What the library at `path` says about itself, or why it is not a usable front-end.
    static func describe(path: String) -> FrontEndDescription {
        do {
            let descriptor = try descriptor(path: path)
            let abi = descriptor.pointee.abi_version
            let expected = UInt32(MR_FRONTEND_ABI_VERSION)
            return FrontEndDescription(
                path: path,
                name: descriptor.pointee.name.map { String(cString: $0) },
                version: descriptor.pointee.version.map { String(cString: $0) },
                abiVersion: abi,
                problem: abi == expected ? nil : "built for ABI version \(abi), this materunner speaks \(expected)"
            )
        } catch {
            return FrontEndDescription(path: path, name: nil, version: nil, abiVersion: nil, problem: error.description)
        }
    }
}
