import Domain

/// Why a front-end could not be loaded. Every case names the file and what was expected.
public enum FrontEndLoadError: Error, Equatable, CustomStringConvertible {
    case notFound(name: String, searched: [String])
    case cannotOpen(path: String, reason: String)
    case missingEntry(path: String)
    /// Someone other than root or this user could change the library or a folder above it.
    case untrusted(path: String, reason: String)
    case abiMismatch(path: String, found: UInt32, expected: UInt32)
    case incompleteDescriptor(path: String)
    /// `create` returned NULL: `reason` from `last_error`, `status` the class the front-end gave
    /// (`materunner_frontend_error_status`), a usage error if it gave none.
    case createFailed(path: String, reason: String, status: Fault = .usage)
    /// The file for the json front-end's stream (`--json-out`) cannot be written.
    case cannotWriteStream(path: String, reason: String)
    /// Several front-ends would write to standard output.
    case sharedOutput([String])
    /// `--frontend-option NAME.…` was given for a front-end `--frontend` does not load.
    case settingsForUnloaded(name: String, loaded: [String])

    public var description: String {
        switch self {
        case let .notFound(name, searched):
            "front-end '\(name)' not found; looked for: \(searched.joined(separator: ", ")). "
                + "Pass a path to the library, or add its folder to MATERUNNER_FRONTEND_PATH"
        case let .cannotOpen(path, reason):
            "cannot load front-end \(path): \(reason)"
        case let .missingEntry(path):
            "\(path) is not a MateRunner front-end: it does not export the symbol materunner_frontend_entry"
        case let .untrusted(path, reason):
            "refused to load front-end \(path): \(reason)"
        case let .abiMismatch(path, found, expected):
            "front-end \(path) was built for front-end ABI version \(found), this materunner speaks version "
                + "\(expected): rebuild the front-end against this version's materunner_frontend.h"
        case let .incompleteDescriptor(path):
            "front-end \(path) returned a descriptor without create/deliver/destroy functions"
        case let .createFailed(path, reason, _):
            "front-end \(path) refused to start: \(reason)"
        case let .cannotWriteStream(path, reason):
            "cannot write --json-out \(path): \(reason); check the folder exists and is writable"
        case .sharedOutput(let specs):
            "\(specs.joined(separator: " and ")) would \(specs.count == 2 ? "both" : "all") write to standard output: keep one there and send the JSON "
                + "stream to a file with --json-out FILE (e.g. --frontend text --json-out run.ndjson)"
        case let .settingsForUnloaded(name, loaded):
            "--frontend-option \(name).…: no front-end named \(name) is loaded (--frontend loads "
                + "\(loaded.joined(separator: ", "))); add \(name) to --frontend or drop the option"
        }
    }
}

extension FrontEndLoadError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        // The front-end named cannot be used as it is (or refuses its settings): name another one.
        case .notFound, .sharedOutput, .settingsForUnloaded, .cannotOpen, .missingEntry, .untrusted, .abiMismatch, .incompleteDescriptor:
            .usage
        // A front-end that cannot get what it needs (a port in use, no sound card) says so with its status.
        case let .createFailed(_, _, status): status
        case .cannotWriteStream: .cannotCreate
        }
    }
}
