import ArgumentParser
import Data

/// `--source`: where the runner's positions come from (`LocationSourceSpec`, parsed in Data).
typealias SourceArgument = LocationSourceSpec

extension LocationSourceSpec: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { "sim" }

    public static var defaultCompletionKind: CompletionKind { .default }
}
