/// What `materunner frontends` shows for one library: without a name, what the file shows without
/// being loaded (whether it exports the entry symbol); for a name the person gives, its descriptor, read
/// by loading it without creating an instance; or why it cannot be loaded.
public struct FrontEndDescription: Sendable, Equatable {
    /// The library file.
    public var path: String
    /// The descriptor's `name` when loaded; the name `--frontend` knows the file by when not.
    public var name: String?
    /// The descriptor's `version`, when loaded.
    public var version: String?
    /// The descriptor's `abi_version`, when loaded.
    public var abiVersion: UInt32?
    /// Why the host would refuse it (another ABI version, no entry symbol), or nil when nothing is known against it.
    public var problem: String?
    /// Whether the library was loaded (`dlopen`, its entry called) to describe it.
    public var isLoaded: Bool

    /// A description of the library at `path`.
    public init(path: String, name: String?, version: String?, abiVersion: UInt32?, problem: String?, isLoaded: Bool) {
        self.path = path
        self.name = name
        self.version = version
        self.abiVersion = abiVersion
        self.problem = problem
        self.isLoaded = isLoaded
    }

    /// Whether the host can load it: loaded without a problem. A library not loaded is not known to be.
    public var isLoadable: Bool { isLoaded && problem == nil }

    /// One line: `text 0.2.0 (ABI 1)  /path/libTextFrontEnd.so` once loaded; `text  /path/libTextFrontEnd.so:
    /// not loaded (materunner frontends text loads it)` when not; or the problem.
    public var line: String {
        if let problem {
            let label = name.map { "\($0) \(version ?? "?")" } ?? "not a front-end"
            return "\(label)  \(path): \(problem)"
        }
        guard isLoaded else {
            return "\(name ?? "?")  \(path): not loaded (materunner frontends \(name ?? path) loads it)"
        }
        return "\(name ?? "?") \(version ?? "?") (ABI \(abiVersion ?? 0))  \(path)"
    }
}
