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
    // The release layout (-function-sections, lld, the profiled order of functions) is not here but in
    // scripts/release-flags: SwiftPM refuses a package with unsafeFlags as a dependency.
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
        // The front-end contract, for a front-end written in Swift in a package of its own.
        .library(name: "FrontEndKit", targets: ["FrontEndKit"]),
        // The layers, for the benchmarks' package (Benchmarks/) and for code built on them.
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Data", targets: ["Data"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "FrontEndHosting", targets: ["FrontEndHosting"]),
        .library(name: "AudioCues", targets: ["AudioCues"]),
        // The fakes and fixtures our tests use (a manual clock, in-memory networks and stores, scripted
        // sources, a recording screen), for tests of code built on these modules, as HummingbirdTesting is.
        .library(name: "MateRunnerTesting", targets: ["MateRunnerTesting"]),
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
        // libsodium's secretbox (Debian's libsodium-dev): OwnTracks' encrypted payloads (OwnTracksCipher).
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
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
                // Phones as position sources: OwnTracks' encryption, and the QR code that sets a phone up.
                "CSodium",
                "CQREncode",
                .product(name: "NIOHTTP1", package: "swift-nio"),
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

        // MARK: Presentation (view models, formatting, the binder)
        .target(
            name: "Presentation",
            dependencies: [
                "Domain",
                "FrontEndKit",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: swiftSettings
        ),
        // The plugin host beside it: dlopen, ELF symbols, search paths, trust checks; the binder's screen.
        .target(
            name: "FrontEndHosting",
            dependencies: ["Domain", "FrontEndABI", "FrontEndKit", "Presentation"],
            swiftSettings: swiftSettings
        ),

        // MARK: Application (the flows: a run, a spectator, records, peers; built from use cases and view models)
        .target(
            name: "Application",
            dependencies: [
                "Domain",
                "Presentation",
                "FrontEndHosting",
                "FrontEndKit",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Composition root (AppContainer: the concrete repositories handed to the flows; a command's
        // option values to its exit status), and the executable that only parses into them.
        .target(
            name: "Composition",
            dependencies: [
                "Domain",
                "SyncWire",
                "Data",
                "Application",
                "Presentation",
                "FrontEndHosting",
                "FrontEndKit",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "materunner",
            dependencies: [
                "Domain",
                // The argument types (--source, --pause) are Data's, parsed as they are written.
                "Data",
                "Presentation",
                "Application",
                "Composition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
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

        // The benchmarks are a package of their own beside this one, on its products (Benchmarks/Package.swift).

        // MARK: Testing support and tests
        // Sample values and cheap race keys for the sync tests (no Data, so that SyncCoreTests need none).
        // The in-memory network of DatagramTransports too (InMemoryDatagramNetwork).
        .target(name: "SyncTesting", dependencies: ["Domain", "SyncWire", "SyncCore"], swiftSettings: swiftSettings),
        // Fakes of Domain's repositories and a recording screen (Presentation): never Data, so that tests
        // of the layers above link no SwiftNIO, GRDB, TOMLKit or DNS-SD (scripts/check-test-imports).
        .target(
            name: "MateRunnerTesting",
            dependencies: ["Domain", "SyncTesting", "Presentation", "FrontEndKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "DomainTests",
            dependencies: [
                "Domain",
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
                "FrontEndHosting",
                "FrontEndKit",
                "MateRunnerTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The composition root: which transport, discovery and files the option values make (real sockets
        // on loopback, real files), and the errors of bad combinations.
        .testTarget(
            name: "CompositionTests",
            dependencies: [
                "Composition", "Application", "Data", "Domain", "MateRunnerTesting",
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
            dependencies: ["Domain", "Presentation", "FrontEndHosting", "FrontEndKit", "MateRunnerTesting"],
            exclude: ["CPlugins"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WebFrontEndTests",
            dependencies: ["WebFrontEndCore", "FrontEndKit"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "AudioCueTests", dependencies: ["AudioCues", "FrontEndKit"], swiftSettings: swiftSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["Domain", "Data", "SyncWire", "SyncTesting", "MateRunnerTesting"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
