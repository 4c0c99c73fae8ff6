import Foundation

/// Where `--frontend NAME` is looked for, in order: each folder of `$MATERUNNER_FRONTEND_PATH`
/// (colon-separated), the folder of the `materunner` executable (which is the build folder during
/// development), and `../lib/materunner` beside it (an installed layout).
public struct FrontEndSearchPath: Sendable, Equatable {
    /// The names of the shipped front-ends and the libraries they are built as.
    public static let shipped: [String: String] = [
        "text": "TextFrontEnd", "json": "JSONStreamFrontEnd", "clock": "WorldClockFrontEnd",
    ]

    #if os(macOS)
    static let libraryPrefix = "lib", librarySuffix = ".dylib"
    #else
    static let libraryPrefix = "lib", librarySuffix = ".so"
    #endif

    /// The folders searched, in order.
    public var directories: [String]

    /// A search path of `directories`, in order.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// The standard search path for this process.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FrontEndSearchPath {
        var directories = (environment["MATERUNNER_FRONTEND_PATH"] ?? "").split(separator: ":").map(String.init)
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        directories.append(folder.path)
        directories.append(folder.deletingLastPathComponent().appendingPathComponent("lib/materunner").path)
        return FrontEndSearchPath(directories: directories)
    }

    /// The files that `spec` may name, in the order they are tried. A spec with a `/` is a path.
    public func candidates(for spec: String) -> [String] {
        if spec.contains("/") { return [spec] }
        let module = Self.shipped[spec] ?? spec
        let fileNames = [Self.libraryPrefix + module + Self.librarySuffix, module + Self.librarySuffix, module]
        var seen = Set<String>()
        return directories.flatMap { directory in
            fileNames.map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
        }.filter { seen.insert($0).inserted }
    }

    /// Every library file in the search path that may be a front-end (`lib*.so`, or `.dylib` on macOS),
    /// in search order, each path once. Used by `materunner frontends`.
    public func libraryFiles() -> [String] {
        var seen = Set<String>()
        return directories.flatMap { directory -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.hasPrefix(Self.libraryPrefix) && $0.hasSuffix(Self.librarySuffix) }.sorted()
                .map { URL(fileURLWithPath: directory).appendingPathComponent($0).resolvingSymlinksInPath().path }
        }.filter { seen.insert($0).inserted }
    }

    /// What each library of `libraryFiles()` says about itself, read without creating an instance.
    public func describeAll() -> [FrontEndDescription] {
        libraryFiles().map(FrontEndLibrary.describe(path:))
    }
}
