import Domain

/// Why a flow stopped, in words a person can act on, and its class of fault (`Fault`, the sysexits(3)
/// classes), which the executable ends with: a usage error 64, a missing input file 66, avahi-daemon not
/// running 69, an output that cannot be created 73, and so on (`materunner --help`).
public struct FlowError: Error, Equatable, CustomStringConvertible {
    public let fault: Fault
    /// The message, with what to do.
    public let message: String

    public init(_ fault: Fault, _ message: String) {
        self.fault = fault
        self.message = message
    }

    /// `error` in a person's words, of its own class when it knows it (`ClassifiedFault`), else `fallback`.
    public init(_ error: any Error, otherwise fallback: Fault) {
        if let flow = error as? FlowError {
            self = flow
        } else {
            self.init((error as? any ClassifiedFault)?.fault ?? fallback, "\(error)")
        }
    }

    /// What was asked cannot be done as asked (an unknown id, a bad value): exit 64.
    public static func usage(_ message: String) -> FlowError {
        FlowError(.usage, message)
    }

    public var description: String { message }

    /// Whether the error is the person's input (`usage`) rather than the machine's state.
    public var isUsage: Bool { fault == .usage }
}

extension FlowError {
    /// The one line a command ends with on standard error, control characters escaped.
    public var line: String { "materunner: error: \(message.logSafe)" }
}
