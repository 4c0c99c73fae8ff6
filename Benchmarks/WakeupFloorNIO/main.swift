// The SwiftNIO floor of docs/BENCHMARKS.md: scripts/lib/wakeup-floor.c's I/O, done by one SwiftNIO event
// loop instead of a C thread. Every 100 ms a 30-byte datagram to each mate (the publish), every 100 ms a
// 600-byte line written to a file (the status frame), every 200 ms a wake-up (the overload watch); every
// datagram the mates send is read. No decoding, no state, no Swift tasks: what the library and the
// language's runtime add to the kernel's share and the wake-ups, and so how much of a runner's CPU is left
// for its own work.
//
// With `work`, the same wake-ups also do a runner's work on that one thread, as a run flow with no tasks,
// streams or actors between the socket and the frame would: every 100 ms our progress moves on, goes into
// the replica and out to each mate as a keyed progress datagram (SyncWire), and the status frame is made
// from the replica's standings (the board, as `RunningViewModel` maps it) and encoded as the plugins get
// it (`FrontEndCoding`); every mate's datagram is authenticated, decoded and applied to the replica. Not
// in it: deltas and acknowledgements, the record, the noise filter, timers of the session. So it is a
// lower bound of what a runner built that way would cost.
//
//   WakeupFloorNIO BASE_PORT COUNT INDEX SECONDS OUTFILE [work]
//
// Process INDEX of COUNT binds 127.0.0.1:BASE_PORT + INDEX and sends to the others; it stops after SECONDS
// (every loop is bounded) and prints how many datagrams it read (and, with `work`, decoded) to standard
// error.
import Domain
import Foundation
import FrontEndKit
import NIOCore
import NIOPosix
import Presentation
import SyncWire

/// Counts the datagrams read and, with a race, applies them to it; the loop's thread is the only one
/// that touches it.
final class Receiver: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    var received = 0
    var race: FloorRace?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += 1
        guard let race else { return }
        let envelope = unwrapInboundIn(data)
        race.receive(envelope.data.readableBytesView)
    }
}

/// One runner's race, made and shown on the loop's thread (`work`), the only one that touches it.
final class FloorRace: @unchecked Sendable {
    private let key: RaceKey
    private let terms: RaceTerms
    private let me: Runner
    private var own: RunnerProgress
    private var replica: RaceReplica
    private let names: [RunnerID: Runner]
    private let startedAt = Date()
    private var sequence: UInt32 = 0
    var decoded = 0

    init(index: Int, count: Int) throws {
        key = try RaceKey(derivedKeyBytes: [UInt8](repeating: 7, count: 32))
        terms = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 1000))
        let runners = (0..<count).map { Runner(id: RunnerID(rawValue: 0xF100 + UInt64($0)), name: "p\($0)") }
        me = runners[index]
        names = Dictionary(uniqueKeysWithValues: runners.map { ($0.id, $0) })
        own = RunnerProgress(runner: me, terms: terms, sequence: 1, phase: .running)
        replica = RaceReplica(terms: terms)
        _ = replica.apply(own, heardAt: startedAt)
    }

    /// Our runner 0.3 m on (3 m/s at 10 Hz), into the replica; its datagram for the mates.
    func step() -> [UInt8] {
        own.elapsed += 0.1
        own.distance += 0.3
        own.sequence &+= 1
        own = own.quantized()
        _ = replica.apply(own, heardAt: Date())
        sequence &+= 1
        return SyncDatagramCodec.encode(SyncDatagram(progress: own, sender: me.id, sequence: sequence), key: key)
    }

    /// A mate's datagram: authenticated, decoded and applied; anything else is dropped.
    func receive(_ bytes: ByteBufferView) {
        guard let datagram = try? SyncDatagramCodec.decode(Array(bytes), key: key), let runner = names[datagram.sender],
              let progress = datagram.progress(of: runner, terms: terms) else { return }
        decoded += 1
        _ = replica.apply(progress, heardAt: Date())
    }

    /// The status frame of the replica's standings, as the json front-end writes it (with its newline).
    func frame() throws -> [UInt8] {
        let snapshot = RaceSnapshot(me: me.id, stage: .running, startedAt: startedAt, standings: replica.standings())
        let status = RunningStatus(elapsed: DisplayFormat.elapsed(own.elapsed), board: RaceBoard(snapshot))
        var line = try FrontEndCoding.encode(FrontEndFrame.status(status, time: DisplayFormat.timestamp(Date())))
        line.append(UInt8(ascii: "\n"))
        return line
    }
}

let arguments = CommandLine.arguments
guard (6...7).contains(arguments.count), let base = Int(arguments[1]), let count = Int(arguments[2]),
      let me = Int(arguments[3]), let seconds = Int(arguments[4]), count > 0, (0..<count).contains(me), base > 0,
      base + count <= 65536, seconds > 0, arguments.count == 6 || arguments[6] == "work"
else {
    complain("usage: \(arguments.first ?? "WakeupFloorNIO") BASE_PORT COUNT INDEX SECONDS OUTFILE [work]\n")
    exit(64)
}
let out = open(arguments[5], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
guard out >= 0 else {
    complain("\(arguments[5]): \(String(cString: strerror(errno)))\n")
    exit(73)
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let loop = group.next()
let receiver = Receiver()
let race: FloorRace?
do {
    race = arguments.count == 7 ? try FloorRace(index: me, count: count) : nil
} catch {
    complain("the race: \(error)\n")
    exit(70)
}
receiver.race = race
let channel: any Channel
do {
    channel = try DatagramBootstrap(group: group)
        .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(receiver) } }
        .bind(host: "127.0.0.1", port: base + me)
        .wait()
} catch {
    complain("bind 127.0.0.1:\(base + me): \(error)\n")
    exit(69)
}
let mates = try (0..<count).filter { $0 != me }.map { try SocketAddress(ipAddress: "127.0.0.1", port: base + $0) }
let datagram = channel.allocator.buffer(repeating: 0, count: 30)
var line = [UInt8](repeating: UInt8(ascii: "x"), count: 599)
line.append(UInt8(ascii: "\n"))
let fixedFrame = line

/// Tick `number`, due at `deadline`: the publish and the frame (the C floor's three timers expire
/// together, so its 5 Hz wake-up is every second one of these, and does nothing); then the next tick,
/// 100 ms after this one was due (no drift), until SECONDS are over.
@Sendable func tick(_ number: Int, due deadline: NIODeadline, done: EventLoopPromise<Void>) {
    let publish = race.map { channel.allocator.buffer(bytes: $0.step()) } ?? datagram
    for mate in mates { channel.write(AddressedEnvelope(remoteAddress: mate, data: publish), promise: nil) }
    channel.flush()
    do {
        let frame = try race?.frame() ?? fixedFrame
        _ = frame.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
    } catch {
        complain("the frame: \(error)\n")
    }
    guard number < seconds * 10 else { return done.succeed() }
    let next = deadline + .milliseconds(100)
    loop.scheduleTask(deadline: next) { tick(number + 1, due: next, done: done) }
}
let done = loop.makePromise(of: Void.self)
let first = NIODeadline.now() + .milliseconds(100)
loop.scheduleTask(deadline: first) { tick(1, due: first, done: done) }
try done.futureResult.wait()
let (received, decoded) = try loop.submit { (receiver.received, race?.decoded ?? 0) }.wait()
try channel.close().wait()
try group.syncShutdownGracefully()
close(out)
complain("received \(received)\(race == nil ? "" : ", decoded \(decoded)")\n")

/// Writes `text` to standard error.
@Sendable func complain(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
