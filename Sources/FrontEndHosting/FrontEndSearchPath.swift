import Foundation

/// Where `--frontend NAME` is looked for, in order: each folder of `$MATERUNNER_FRONTEND_PATH`
/// (colon-separated), the folder of the `materunner` executable (which is the build folder during
/// development), and `../lib/materunner` beside it (an installed layout). Only absolute folders are
/// searched: relative ones (and an empty entry, which means the current directory to a shell) are
/// dropped with a warning, so a library planted in the current directory is never loaded by name.
/// A shipped name (`json`, `text`, …) is looked for in the installed folders first, so no folder of
/// the variable can put another library in its place.
public struct FrontEndSearchPath: Sendable, Equatable {
    /// The names of the shipped front-ends and the libraries they are built as.
    public static let shipped: [String: String] = [
        "text": "TextFrontEnd", "json": "JSONStreamFrontEnd", "clock": "WorldClockFrontEnd", "audio": "AudioFrontEnd",
        "web": "WebFrontEnd",
    ]

    /// The shipped front-ends that never write to standard output (`audio` speaks, `web` serves a page),
    /// so they run beside one that does: `--frontend text,audio`, `--frontend json,web`.
    public static let offStandardOutput: Set<String> = ["audio", "web"]

    /// The shipped front-end `spec` names, by its name (`json`) or by the path of its library
    /// (`/usr/lib/materunner/libJSONStreamFrontEnd.so`); nil for any other front-end.
    public static func shippedName(of spec: String) -> String? {
        if shipped[spec] != nil { return spec }
        return shipped.first { spec.hasSuffix("/" + libraryPrefix + $0.value + librarySuffix) || spec == libraryPrefix + $0.value + librarySuffix }?.key
    }

    #if os(macOS)
    static let libraryPrefix = "lib", librarySuffix = ".dylib"
    #else
    static let libraryPrefix = "lib", librarySuffix = ".so"
    #endif

    /// The folders searched, in order; all absolute.
    public private(set) var directories: [String]
    /// The executable's own folders (of `directories`), searched first for a shipped name.
    public private(set) var installed: [String] = []
    /// What building the path left out, one line each, for the caller to log once as a warning.
    public private(set) var warnings: [String] = []

    /// A search path of the absolute folders of `directories`, in order; relative ones are left out
    /// and named in `warnings`.
    public init(directories: [String]) {
        self.directories = directories.filter { $0.hasPrefix("/") }
        let relative = directories.filter { !$0.hasPrefix("/") }
        if !relative.isEmpty {
            warnings.append("ignored relative front-end folders \(relative.map(\.debugDescription).joined(separator: ", ")): "
                + "front-ends are looked for only in absolute folders (write them as /full/path)")
        }
    }

    /// The standard search path for this process: `MATERUNNER_FRONTEND_PATH`'s absolute folders, then
    /// the folders of `executable` (by default the running one, from /proc/self/exe or
    /// `_NSGetExecutablePath`, never from a relative `argv[0]`).
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String? = ExecutableLocation.current()
    ) -> FrontEndSearchPath {
        let value = environment["MATERUNNER_FRONTEND_PATH"] ?? ""
        let variable = value.isEmpty ? [] : value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var path = FrontEndSearchPath(directories: variable.filter { !$0.isEmpty })
        if let warning = path.warnings.first {
            path.warnings = [warning.replacingOccurrences(of: "front-end folders", with: "folders in MATERUNNER_FRONTEND_PATH")]
        }
        if variable.contains("") {
            path.warnings.append("ignored an empty entry in MATERUNNER_FRONTEND_PATH (it would mean the current directory)")
        }
        if let folder = ExecutableLocation.folder(of: executable) {
            path.installed = [folder.path, folder.deletingLastPathComponent().appendingPathComponent("lib/materunner").path]
            path.directories += path.installed
        } else {
            path.warnings.append("cannot tell where the materunner executable is: front-ends are looked for only in MATERUNNER_FRONTEND_PATH")
        }
        return path
    }

    /// The files that `spec` may name, in the order they are tried. A spec with a `/` is a path; a
    /// shipped name is looked for in the installed folders first.
    public func candidates(for spec: String) -> [String] {
        if spec.contains("/") { return [spec] }
        let module = Self.shipped[spec] ?? spec
        let fileNames = [Self.libraryPrefix + module + Self.librarySuffix, module + Self.librarySuffix, module]
        let order = Self.shipped[spec] == nil ? directories : installed + directories.filter { !installed.contains($0) }
        var seen = Set<String>()
        return order.flatMap { directory in
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

    /// What each file of `libraryFiles()` shows without being loaded: no `dlopen`, so none of their code
    /// runs (`FrontEndLibrary.inspect(path:)`).
    public func describeAll() -> [FrontEndDescription] {
        libraryFiles().map(FrontEndLibrary.inspect(path:))
    }

    /// The front-end `spec` names (as `--frontend` would find it), loaded to read its descriptor; no
    /// instance is created. `notFound` when no candidate exists.
    public func describe(_ spec: String) throws(FrontEndLoadError) -> FrontEndDescription {
        let candidates = candidates(for: spec)
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            if spec.contains("/") { throw .cannotOpen(path: spec, reason: "no such file") }
            throw .notFound(name: spec, searched: candidates)
        }
        return FrontEndLibrary.describe(path: path)
    }
}
