// swift-tools-version: 6.1
import PackageDescription

/// The libFuzzer harness for the sync datagram decoder, kept out of the main package so that a normal
/// `swift build` never needs `-sanitize=fuzzer`. It links the main package's `SyncWire` library (the
/// wire alone: codec, header, race key; no SwiftNIO, no DNS-SD), so the fuzzer runs exactly the code
/// the app ships. Build and run it with `scripts/fuzz-datagram`.
let package = Package(
    name: "MateRunnerFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so that the product reference below holds whatever the checkout's folder is called.
        .package(name: "MateRunner", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "DatagramFuzzer",
            dependencies: [.product(name: "SyncWire", package: "MateRunner"), "CFuzzerDriver"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
