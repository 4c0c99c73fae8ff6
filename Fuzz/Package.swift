// swift-tools-version: 6.1
import PackageDescription

/// The libFuzzer harness for the sync datagram decoder, kept out of the main package so that a normal
/// `swift build` never needs `-sanitize=fuzzer`. Its sources are symbolic links to the main package's
/// `Sources/Domain` and the codec files of `Sources/Data/Sync` (the decoder alone, without SwiftNIO or
/// DNS-SD). Build and run it with `scripts/fuzz-datagram`.
let package = Package(
    name: "MateRunnerFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(name: "Domain", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(
            name: "SyncCodec",
            dependencies: ["Domain", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "DatagramFuzzer",
            dependencies: ["SyncCodec", "Domain", "CFuzzerDriver"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
