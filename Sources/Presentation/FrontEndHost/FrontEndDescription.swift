/// What `materunner frontends` shows for one library found on the search path: its descriptor,
/// read without creating an instance, or why it cannot be loaded.
public struct FrontEndDescription: Sendable, Equatable {
    /// The library file.
    public var path: String
    /// The descriptor's `name`, when it could be read.
    public var name: String?
    /// The descriptor's `version`, when it could be read.
    public var version: String?
    /// The descriptor's `abi_version`, when it could be read.
    public var abiVersion: UInt32?
    /// Why the host would refuse it (another ABI version, no entry symbol), or nil when it loads.
    public var problem: String?

    /// A description of the library at `path`.
    public init(path: String, name: String?, version: String?, abiVersion: UInt32?, problem: String?) {
        self.path = path
        self.name = name
        self.version = version
        self.abiVersion = abiVersion
        self.problem = problem
    }

    /// Whether the host can load it.
    public var isLoadable: Bool { problem == nil }

    /// One line: `text 0.2.0 (ABI 1)  /path/libTextFrontEnd.so`, or the problem.
    public var line: String {
        let label = "\(name ?? "?") \(version ?? "?")"
        guard let problem else { return "\(label) (ABI \(abiVersion ?? 0))  \(path)" }
        return "\(name == nil ? "not a front-end" : label)  \(path): \(problem)"
    }
}
