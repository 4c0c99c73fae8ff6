import Application
@testable import Composition
@testable import Data
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// What the container makes for which options: UDP and DNS-SD on the LAN, the broker's transport and
/// presence with `--broker`, and the error (and its exit status) when a part cannot be made.
@Suite("Composition: which parts the options make", .serialized)
struct ContainerChoiceTests {
    let container = AppContainer(speedup: 1, logger: Logger(label: "test"))

    @Test("on the LAN: DNS-SD discovery, and a UDP transport bound to the port asked for")
    func lan() async throws {
        let plain = try await container.connectingBroker(BrokerOptions())
        #expect(plain.broker == nil)
        #expect(plain.makeDiscovery() is DNSSDDiscoveryRepository)
        let transport = try await plain.makeTransport(port: 0, host: "127.0.0.1")
        #expect(transport.localPort > 0)
        await transport.close()
    }

    @Test("a UDP port already taken is a service unavailable (69), naming the port")
    func takenPort() async throws {
        let first = try await container.makeTransport(port: 0, host: "127.0.0.1")
        defer { Task { await first.close() } }
        let error = await #expect(throws: FlowError.self) {
            try await container.makeTransport(port: first.localPort, host: "127.0.0.1")
        }
        #expect(error?.fault == .unavailable)
        #expect(error?.message.contains("\(first.localPort)") == true)
    }

    @Test("with --broker: the broker's presence for discovery, and a transport through it that binds no UDP port")
    func broker() async throws {
        let broker = try await TestBroker.started()
        let options = BrokerOptions(url: broker.url(), group: "club")
        let container = try await container.connectingBroker(options)
        let session = try #require(container.broker)
        defer { session.close() }
        #expect(container.makeDiscovery() is BrokerMateDiscovery)
        let taken = try await self.container.makeTransport(port: 0, host: "127.0.0.1")
        defer { Task { await taken.close() } }
        // The port a UDP bind would refuse: through the broker, it is never bound.
        let through = try await container.makeTransport(port: taken.localPort, host: "127.0.0.1")
        await through.close()
    }

    @Test("a broker that is not there ends with 69, a refused password with 77, each saying what to check")
    func brokerErrors() async throws {
        let nobody = BrokerOptions(url: "mqtt://127.0.0.1:\(try freeTCPPort())", group: "club")
        let unreachable = await #expect(throws: (any Error).self) { try await container.connectingBroker(nobody) }
        #expect(FlowError(try #require(unreachable), otherwise: .software).fault == .unavailable)
        #expect("\(try #require(unreachable))".contains("check that the broker runs there"))

        let broker = try await TestBroker.started(users: ["alice": "right"])
        let passwordFile = try temporaryFolder().appendingPathComponent("password")
        try "wrong\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
        let refused = BrokerOptions(url: broker.url(user: "alice"), passwordFile: passwordFile.path, group: "club")
        let denied = await #expect(throws: (any Error).self) { try await container.connectingBroker(refused) }
        #expect(FlowError(try #require(denied), otherwise: .software).fault == .noPermission)
    }

    @Test("a broker password file other users can read: one warning saying to chmod 600; 0600: none")
    func brokerPasswordFilePermissions() async throws {
        let file = try temporaryFolder().appendingPathComponent("password")
        try "s3cret\n".write(to: file, atomically: true, encoding: .utf8)
        let options = BrokerOptions(url: "mqtt://mia@127.0.0.1:\(try freeTCPPort())", passwordFile: file.path)
        for (mode, warnings) in [(0o644, 1), (0o600, 0)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let log = CapturedLines()
            let container = AppContainer(speedup: 1, logger: CapturingLogHandler.logger("test", into: log))
            _ = try await container.connectingBroker(options, phones: true)
            let warned = log.lines.filter {
                $0 == "warning the broker password file \(file.path) can be read by other users (mode 0644): "
                    + "run chmod 600 \(file.path)"
            }
            #expect(warned.count == warnings, "\(log.lines)")
        }
    }

    @Test("--broker without --group: refused for a race (usage), the phones' only with an owntracks: source")
    func brokerForPhonesOnly() async throws {
        let options = BrokerOptions(url: "mqtt://127.0.0.1:\(try freeTCPPort())")
        let refused = await #expect(throws: (any Error).self) { try await container.connectingBroker(options) }
        #expect(FlowError(try #require(refused), otherwise: .software).fault == .usage)
        #expect("\(try #require(refused))".contains("--broker needs --group NAME"))
        let phones = try await container.connectingBroker(options, phones: true)
        #expect(phones.broker == nil)

        let phone = try #require(LocationSourceSpec(parsing: "owntracks:mia/phone"))
        #expect(LocationOptions(source: phone).phonesUseBroker)
        #expect(throws: RunOptionsError.self) { try LocationOptions(source: phone).check(broker: BrokerOptions()) }
        try LocationOptions(source: phone).check(broker: options)
        var publishing = LocationOptions()
        publishing.ownTracksPublish = OwnTracksPublishSpec(prefix: "owntracks/race")
        #expect(publishing.phonesUseBroker)
        #expect(throws: RunOptionsError.self) { try publishing.check(broker: BrokerOptions()) }
        #expect(!LocationOptions().phonesUseBroker)
    }

    @Test("the position source: --source with the simulator's pace, seed, noise, rate and pause")
    func location() throws {
        let pause = try #require(SimulatedLocationRepository.Profile.Pause(parsing: "60:10"))
        let options = LocationOptions(secondsPerKilometre: 330, seed: 7, jitter: 3, fixRate: 5, pause: pause)
        let factory = container.makeLocationSource(options, dataDirectory: URL(fileURLWithPath: "/tmp/data"))
        #expect(factory.spec == .simulator && factory.secondsPerKilometre == 330 && factory.seed == 7)
        #expect(factory.jitter == 3 && factory.fixRate == 5 && factory.pause == pause)
        #expect(factory.dataDirectory?.path == "/tmp/data")
        // Without --seed, a random runner each time.
        let seeds = Set((0..<4).map { _ in container.makeLocationSource(LocationOptions()).seed })
        #expect(seeds.count > 1)
    }

    @Test("the pairing: a damaged identity file is an error naming it (bad data), before any socket")
    func pairing() throws {
        let folder = try temporaryFolder()
        _ = try container.makePairing(data: DataDirOptions(path: folder.path))
        let damaged = folder.appendingPathComponent(IdentityStore.fileName)
        try Data("not json".utf8).write(to: damaged)
        let error = #expect(throws: FlowError.self) {
            try container.makePairing(data: DataDirOptions(path: folder.path))
        }
        #expect(error?.fault == .badData)
        #expect(error?.message.contains(damaged.path) == true)
    }

    @Test("run: a course file that is not there ends the launch (no input, 66) before front-ends, store or socket")
    func runLaunchCourse() async throws {
        let folder = try temporaryFolder()
        let missing = folder.appendingPathComponent("nowhere.gpx").path
        let launch = container.makeRunLaunch(
            options: RunOptions(name: "alice", coursePath: missing, maximumMates: AppContainer.maximumMates),
            frontEnds: FrontEndOptions(list: "no-such-front-end"), data: DataDirOptions(path: folder.path),
            raceKey: RaceKeyOptions(), location: LocationOptions()
        )
        let error = await #expect(throws: FlowError.self) { try await launch.run() }
        #expect(error?.fault == .noInput)
        #expect(error?.message.contains(missing) == true)
        let store = folder.appendingPathComponent(SQLiteRunRecordStore.fileName)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
