import Application
import FrontEndHosting
import Presentation

/// `--frontend`, `--json-out` and `--frontend-option`: which front-ends draw the command's screens,
/// where the JSON stream goes, and the front-ends' own settings. Each command has its own default
/// front-end (`text`, or `clock` for `materunner clock`).
public struct FrontEndOptions: Sendable, Equatable {
    /// `--frontend`, comma-separated; nil: the command's own.
    public var list: String?
    /// `--json-out FILE`.
    public var jsonOut: String?
    /// `--frontend-option NAME.KEY=VALUE`, each as written.
    public var settings: [String]

    /// Options.
    public init(list: String? = nil, jsonOut: String? = nil, settings: [String] = []) {
        (self.list, self.jsonOut, self.settings) = (list, jsonOut, settings)
    }

    /// The front-ends to load: `--frontend`, else the command's `standard` one; `json` added for `--json-out`.
    public func specs(standard: String = "text") -> [String] { FrontEndHost.specs(list ?? standard, jsonOut: jsonOut) }

    /// Throws for an empty front-end list or a `--frontend-option` not of the form NAME.KEY=VALUE.
    public func check() throws(RunOptionsError) {
        guard !specs().isEmpty else {
            throw RunOptionsError("--frontend needs at least one front-end, such as text or json")
        }
        _ = try parsedSettings()
    }

    /// The front-ends loaded (the command's `standard` one unless `--frontend` names others), each writing
    /// to standard output except the json front-end when `--json-out` names a file, each with its
    /// `--frontend-option` settings; or a usage error naming the file and the reason. `spectator` for `watch`.
    public func launch(standard: String = "text", spectator: Bool = false) throws -> FrontEndHost {
        let parsed: FrontEndSettings
        do { parsed = try parsedSettings() } catch { throw FlowError.usage(error.description) }
        do {
            return try FrontEndHost.launch(
                specs(standard: standard), jsonOut: jsonOut, settings: parsed, spectator: spectator
            )
        } catch { throw FlowError(error, otherwise: .usage) }
    }

    /// The `--frontend-option` items grouped by front-end, or an error showing the expected form.
    func parsedSettings() throws(RunOptionsError) -> FrontEndSettings {
        do { return try FrontEndSettings(parsing: settings) } catch { throw RunOptionsError(error.description) }
    }
}
