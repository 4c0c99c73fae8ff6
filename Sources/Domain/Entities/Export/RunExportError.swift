/// Why an export could not be written, with what to do about it.
public enum RunExportError: Error, Equatable, CustomStringConvertible {
    /// The file at `path` could not be written; `reason` is the system's explanation.
    case cannotWrite(path: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason): check the folder exists and is writable"
        }
    }
}
