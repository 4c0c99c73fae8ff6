import Foundation

/// The test fixtures in `Tests/Fixtures/`, with their provenance in `Tests/Fixtures/README.md`.
public enum Fixtures {
    /// The folder of the fixtures.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MateRunnerTesting
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Tests/Fixtures")

    /// The URL of one fixture file.
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The package root (where Package.swift is).
    public static let packageRoot: URL = directory.deletingLastPathComponent().deletingLastPathComponent()
}
