// swift-tools-version: 6.1
import PackageDescription

/// One set of compiler settings for every Swift target: Swift 6 language mode (strict concurrency)
/// comes from `swiftLanguageModes` below; these add the upcoming features we rely on.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // A nonisolated async function runs on its caller's actor (SE-0461) rather than hopping to the
    // generic executor and back at every call: a fix with 7 mates made 11.5 jobs, now 8.5, and 13 % fewer
    // instructions (docs/BENCHMARKS.md, "2026-11-29"). `@concurrent` marks a function that must hop.
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    // Each function in a section of its own, so that the linker can place it (`linkOrder`).
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
]

/// The release executable's layout on Linux: lld puts the functions a run executes (hottest first, in
/// scripts/lib/materunner.order, made by scripts/link-order) together at the start of its code, so that
/// a run maps a few MiB of it instead of most of its 10 MiB (docs/BENCHMARKS.md, "The executable's
/// layout"). lld comes with the Swift toolchain; a name the file has and the sources no longer do is
/// skipped (the warning is off), so a stale file costs memory, never a build.
let linkOrder: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/lib/materunner.order",
         "-Xlinker", "--no-warn-symbol-ordering"],
        .when(platforms: [.linux], configuration: .release)
    ),
]

let package = Package(
    name: "MateRunner",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "materunner", targets: ["materunner"]),
        .library(name: "TextFrontEnd", type: .dynamic, targets: ["TextFrontEnd"]),
        .library(name: "JSONStreamFrontEnd", type: .dynamic, targets: ["JSONStreamFrontEnd"]),
        .library(name: "WorldClockFrontEnd", type: .dynamic, targets: ["WorldClockFrontEnd"]),
        .library(name: "WebFrontEnd", type: .dynamic, targets: ["WebFrontEnd"]),
        .library(name: "AudioFrontEnd", type: .dynamic, targets: ["AudioFrontEnd"]),
        // The wire alone (codec, header, race key), for the libFuzzer harness in Fuzz/.
        .library(name: "SyncWire", targets: ["SyncWire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The web front-end's HTTP server (docs/FRONTENDS.md, "web"): a copy of SwiftNIO inside its plugin.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // config.toml (docs/CONFIG.md): toml++ underneath, so parse errors come with a line and column.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // MARK: Core
        .target(name: "Domain", swiftSettings: swiftSettings),

        // MARK: Wire (the sync protocol's bytes: codec, header, messages, race key; no transport)
        .target(
            name: "SyncWire",
            dependencies: [
                "Domain",
                .product(name: "Crypto", package: "swift-crypto"),
                // scrypt, which stretches a race's passphrase into its key (RaceKey+Passphrase.swift).
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Sync core (the protocol's state: who may say what, when; no sockets, no clock or randomness
        // of its own: time comes in, datagrams to send and race updates come out; docs/PROTOCOL.md)
        .target(
            name: "SyncCore",
            dependencies: [
                "Domain",
                "SyncWire",
                // HMAC-SHA-256 of a keyed race's multicast group address (MulticastGroup.swift).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Data (repositories: UDP sync, DNS-SD discovery, position sources)
        // dns_sd.h from Avahi's compat library on Linux (see Sources/CDNSSD/shim.h), the SDK's on macOS.
        .systemLibrary(name: "CDNSSD"),
        // The MQTT client under --broker: Debian's libmosquitto-dev (Sources/CMosquitto/shim.h).
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"]), .brew(["mosquitto"])]),
        .target(name: "CUDPBatch"),
        .target(
            name: "Data",
            dependencies: [
                "Domain",
                "SyncWire",
                "SyncCore",
                "CDNSSD",
                "CMosquitto",
                // sendmmsg(2): a runner's datagrams to its mates in one system call (DatagramBatchSender).
                "CUDPBatch",
                // SHA-256 of a course's points (CourseFile's digest).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to bind a checkpoint's rows without GRDB's boxing (RowInsert.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swiftSettings,
            linkerSettings: [.linkedLibrary("dns_sd", .when(platforms: [.linux]))]
        ),

        // MARK: Front-end contract
        .target(name: "FrontEndABI"),
        .target(name: "FrontEndKit", dependencies: ["FrontEndABI"], swiftSettings: swiftSettings),

        // MARK: Presentation (view models, formatting, the plugin host)
        .target(
            name: "Presentation",
            dependencies: [
                "Domain",
                "FrontEndABI",
                "FrontEndKit",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Application (the flows: a run, a spectator, records, peers; built from use cases and view models)
        .target(
            name: "Application",
            dependencies: [
                "Domain",
                "Presentation",
                "FrontEndKit",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Composition root
        .executableTarget(
            name: "materunner",
            dependencies: [
                "Domain",
                "SyncWire",
                "Data",
                "Application",
                "Presentation",
                "FrontEndKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            linkerSettings: linkOrder
        ),

        // MARK: Shipped front-ends, loaded at run time like any third-party one
        .target(
            name: "TextFrontEnd",
            dependencies: ["FrontEndKit"],
            path: "Plugins/TextFrontEnd",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "JSONStreamFrontEnd",
            dependencies: ["FrontEndKit"],
            path: "Plugins/JSONStreamFrontEnd",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WorldClockFrontEnd",
            dependencies: ["FrontEndKit"],
            path: "Plugins/WorldClockFrontEnd",
            swiftSettings: swiftSettings
        ),

        // The web front-end: its entry alone here, the server and the page in WebFrontEndCore (tested
        // directly), QR codes for the control address from Debian's libqrencode (Sources/CQREncode).
        .target(name: "WebFrontEnd", dependencies: ["WebFrontEndCore"], path: "Plugins/WebFrontEnd", swiftSettings: swiftSettings),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        .target(
            name: "WebFrontEndCore",
            dependencies: [
                "FrontEndKit",
                "CQREncode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/WebFrontEndCore",
            swiftSettings: swiftSettings
        ),
        // The audio front-end: cues from frames (pure, unit-tested) apart from speech (espeak-ng) and sound (ALSA).
        .target(name: "AudioCues", dependencies: ["FrontEndKit"], path: "Plugins/AudioCues", swiftSettings: swiftSettings),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .target(name: "CALSA", linkerSettings: [.linkedLibrary("asound")]),
        .target(
            name: "AudioFrontEnd",
            dependencies: ["FrontEndKit", "AudioCues", "CEspeakNG", "CALSA"],
            path: "Plugins/AudioFrontEnd",
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmarks (plain executables: `swift run -c release IngestBenchmark`)
        .executableTarget(
            name: "IngestBenchmark",
            dependencies: ["Domain"],
            path: "Benchmarks/IngestBenchmark",
            swiftSettings: swiftSettings
        ),
        // `swift run -c release CourseBenchmark`: the course matcher's cost per fix and its accuracy on real tracks.
        .executableTarget(
            name: "CourseBenchmark",
            dependencies: ["Domain", "Data", "SyncWire"],
            path: "Benchmarks/CourseBenchmark",
            swiftSettings: swiftSettings
        ),
        // `swift run -c release RaceKeyBenchmark`: how long stretching one passphrase into a race key takes.
        .executableTarget(
            name: "RaceKeyBenchmark",
            dependencies: ["SyncWire"],
            path: "Benchmarks/RaceKeyBenchmark",
            swiftSettings: swiftSettings
        ),
        // `swift run -c release AudioBenchmark FRAMES.ndjson`: the audio front-end's cost per frame and per cue.
        .executableTarget(
            name: "AudioBenchmark",
            dependencies: ["AudioCues", "FrontEndKit", "Presentation"],
            path: "Benchmarks/AudioBenchmark",
            swiftSettings: swiftSettings
        ),
        // `swift run -c release SyncBenchmark --peers 2`: latency, CPU, memory and bytes of N peers on loopback.
        .executableTarget(
            name: "SyncBenchmark",
            dependencies: [
                "Domain",
                "SyncWire",
                "Data",
                "Presentation",
                "FrontEndKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/SyncBenchmark",
            swiftSettings: swiftSettings
        ),

        // The floor's I/O on one SwiftNIO event loop, and with `work` a runner's work in it on that thread
        // (docs/BENCHMARKS.md; scripts/benchmark-efficiency).
        .executableTarget(
            name: "WakeupFloorNIO",
            dependencies: [
                "Domain",
                "SyncWire",
                "Presentation",
                "FrontEndKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/WakeupFloorNIO",
            swiftSettings: swiftSettings
        ),

        // MARK: Testing support and tests
        // Sample values and cheap race keys for the sync tests (no Data, so that SyncCoreTests need none).
        // The in-memory network of DatagramTransports too (InMemoryDatagramNetwork).
        .target(name: "SyncTesting", dependencies: ["Domain", "SyncWire", "SyncCore"], swiftSettings: swiftSettings),
        .target(
            name: "MateRunnerTesting",
            dependencies: [
                "Domain", "SyncWire", "SyncTesting", "Data", "Presentation", "FrontEndKit", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "DomainTests",
            dependencies: [
                "Domain",
                "Data",
                "MateRunnerTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DataTests",
            dependencies: [
                "Data",
                "SyncWire",
                "SyncCore",
                "Domain",
                "MateRunnerTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ApplicationTests",
            dependencies: [
                "Application",
                "Domain",
                "Presentation",
                "FrontEndKit",
                "MateRunnerTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The sync core's unit tests: no socket, no Data.
        .testTarget(name: "SyncCoreTests", dependencies: ["SyncCore", "SyncWire", "Domain", "SyncTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "SyncWireTests", dependencies: ["SyncWire", "Domain", "MateRunnerTesting"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Domain", "FrontEndKit", "MateRunnerTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FrontEndTests",
            dependencies: ["Domain", "Presentation", "FrontEndKit", "MateRunnerTesting"],
            exclude: ["CPlugins"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WebFrontEndTests",
            dependencies: ["WebFrontEndCore", "FrontEndKit"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "AudioCueTests", dependencies: ["AudioCues", "FrontEndKit"], swiftSettings: swiftSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["Domain", "MateRunnerTesting"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
