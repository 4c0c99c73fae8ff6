// swift-tools-version: 6.1
import PackageDescription

/// The benchmarks, a package beside the main one (as swift-nio keeps its own), so that the main package
/// others depend on builds no benchmark. Plain executables that print a table; they link the main
/// package's products. `swift run --package-path Benchmarks -c release IngestBenchmark`, or
/// `scripts/benchmark*` (docs/BENCHMARKS.md).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "MateRunnerBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so that the product references below hold whatever the checkout's folder is called.
        .package(name: "MateRunner", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Fixes per second through a race session on one core.
        .executableTarget(
            name: "IngestBenchmark",
            dependencies: [.product(name: "Domain", package: "MateRunner")],
            path: "IngestBenchmark",
            swiftSettings: swiftSettings
        ),
        // The course matcher's cost per fix and its accuracy on real tracks.
        .executableTarget(
            name: "CourseBenchmark",
            dependencies: [
                .product(name: "Domain", package: "MateRunner"),
                .product(name: "Data", package: "MateRunner"),
                .product(name: "SyncWire", package: "MateRunner"),
            ],
            path: "CourseBenchmark",
            swiftSettings: swiftSettings
        ),
        // How long stretching one passphrase into a race key takes.
        .executableTarget(
            name: "RaceKeyBenchmark",
            dependencies: [.product(name: "SyncWire", package: "MateRunner")],
            path: "RaceKeyBenchmark",
            swiftSettings: swiftSettings
        ),
        // `AudioBenchmark FRAMES.ndjson`: the audio front-end's cost per frame and per cue.
        .executableTarget(
            name: "AudioBenchmark",
            dependencies: [
                .product(name: "AudioCues", package: "MateRunner"),
                .product(name: "FrontEndKit", package: "MateRunner"),
                .product(name: "Presentation", package: "MateRunner"),
                .product(name: "FrontEndHosting", package: "MateRunner"),
            ],
            path: "AudioBenchmark",
            swiftSettings: swiftSettings
        ),
        // `SyncBenchmark --peers 2`: latency, CPU, memory and bytes of N peers on loopback.
        .executableTarget(
            name: "SyncBenchmark",
            dependencies: [
                .product(name: "Domain", package: "MateRunner"),
                .product(name: "SyncWire", package: "MateRunner"),
                .product(name: "Data", package: "MateRunner"),
                .product(name: "Presentation", package: "MateRunner"),
                .product(name: "FrontEndHosting", package: "MateRunner"),
                .product(name: "FrontEndKit", package: "MateRunner"),
                // TestBroker: the mosquitto of `--broker`, started on loopback and stopped by its pid.
                .product(name: "MateRunnerTesting", package: "MateRunner"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "SyncBenchmark",
            swiftSettings: swiftSettings
        ),
        // The floor's I/O on one SwiftNIO event loop, and with `work` a runner's work in it on that thread
        // (scripts/benchmark-efficiency).
        .executableTarget(
            name: "WakeupFloorNIO",
            dependencies: [
                .product(name: "Domain", package: "MateRunner"),
                .product(name: "SyncWire", package: "MateRunner"),
                .product(name: "Presentation", package: "MateRunner"),
                .product(name: "FrontEndKit", package: "MateRunner"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "WakeupFloorNIO",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
