import Domain
import Foundation
import FrontEndABI

/// Opening a front-end library and reading its descriptor, without creating an instance, and looking
/// at a library file without opening it. Libraries are opened with `RTLD_NOW | RTLD_LOCAL` and never
/// closed: Swift code must not be unloaded, and opening the same file again returns the same handle.
enum FrontEndLibrary {
    /// The descriptor the library's entry returns, after checking (in this order, before anything else
    /// is read) that no one but root or this user can change the file or a folder above it
    /// (`FrontEndFileTrust`), that the file exports the entry symbol, when that can be read from the file
    /// without loading it, and that the descriptor's `abi_version` is this host's.
    static func descriptor(path: String) throws(FrontEndLoadError) -> UnsafePointer<mr_frontend_descriptor> {
        if let problem = FrontEndFileTrust.problem(path: path) { throw .untrusted(path: path, reason: problem) }
        if ELFDynamicSymbols.defines(MR_FRONTEND_ENTRY_SYMBOL, inFileAt: path) == false { throw .missingEntry(path: path) }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .cannotOpen(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let symbol = dlsym(handle, MR_FRONTEND_ENTRY_SYMBOL) else { throw .missingEntry(path: path) }
        let entry = unsafeBitCast(symbol, to: mr_frontend_entry_fn.self)
        guard let descriptor = entry() else { throw .incompleteDescriptor(path: path) }
        // Only abi_version is laid out the same in every version: nothing else is read before it matches.
        let expected = UInt32(MR_FRONTEND_ABI_VERSION)
        guard descriptor.pointee.abi_version == expected else {
            throw .abiMismatch(path: path, found: descriptor.pointee.abi_version, expected: expected)
        }
        return descriptor
    }

    /// The optional symbol through which a library says the class of its last failed `create`.
    static let errorStatusSymbol = MR_FRONTEND_ERROR_STATUS_SYMBOL

    /// The class of the last failed `create` of the (loaded) library at `path`: what its
    /// `materunner_frontend_error_status` says, when it exports one and says 69 (unavailable) or 73
    /// (cannot create); a usage error otherwise.
    static func failureStatus(path: String) -> Fault {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD), let symbol = dlsym(handle, errorStatusSymbol) else { return .usage }
        let status = unsafeBitCast(symbol, to: mr_frontend_error_status_fn.self)()
        return [Fault.unavailable, .cannotCreate].first { $0.rawValue == status } ?? .usage
    }

    /// What the library at `path` says about itself once loaded (`frontends NAME`), or why it is not a
    /// usable front-end. A descriptor of another ABI version gives its version only.
    static func describe(path: String) -> FrontEndDescription {
        do {
            let descriptor = try descriptor(path: path)
            return FrontEndDescription(
                path: path,
                name: descriptor.pointee.name.map { String(cString: $0) },
                version: descriptor.pointee.version.map { String(cString: $0) },
                abiVersion: descriptor.pointee.abi_version,
                problem: nil,
                isLoaded: true
            )
        } catch {
            let abi: UInt32? = if case let .abiMismatch(_, found, _) = error { found } else { nil }
            let problem = if case let .abiMismatch(_, found, expected) = error {
                "built for ABI version \(found), this materunner speaks \(expected)"
            } else {
                error.description
            }
            return FrontEndDescription(path: path, name: nil, version: nil, abiVersion: abi, problem: problem, isLoaded: true)
        }
    }

    /// What the file at `path` shows without loading it (`frontends`): whether it exports the entry
    /// symbol (read from the ELF file), and the name it would be given with `--frontend`.
    static func inspect(path: String) -> FrontEndDescription {
        let name = frontEndName(ofFile: path)
        if let problem = FrontEndFileTrust.problem(path: path) {
            return FrontEndDescription(
                path: path, name: nil, version: nil, abiVersion: nil,
                problem: FrontEndLoadError.untrusted(path: path, reason: problem).description, isLoaded: false
            )
        }
        switch ELFDynamicSymbols.defines(MR_FRONTEND_ENTRY_SYMBOL, inFileAt: path) {
        case false?:
            return FrontEndDescription(
                path: path, name: nil, version: nil, abiVersion: nil,
                problem: FrontEndLoadError.missingEntry(path: path).description, isLoaded: false
            )
        case true?, nil:
            return FrontEndDescription(path: path, name: name, version: nil, abiVersion: nil, problem: nil, isLoaded: false)
        }
    }

    /// The name `--frontend` knows the file by: `text` for libTextFrontEnd.so, `ticker` for libticker.so.
    static func frontEndName(ofFile path: String) -> String {
        var module = URL(fileURLWithPath: path).lastPathComponent
        if module.hasPrefix(FrontEndSearchPath.libraryPrefix) { module.removeFirst(FrontEndSearchPath.libraryPrefix.count) }
        if module.hasSuffix(FrontEndSearchPath.librarySuffix) { module.removeLast(FrontEndSearchPath.librarySuffix.count) }
        return FrontEndSearchPath.shipped.first { $0.value == module }?.key ?? module
    }
}
