// The SwiftNIO floor of docs/BENCHMARKS.md: scripts/lib/wakeup-floor.c's I/O, done by one SwiftNIO event
// loop instead of a C thread. Every 100 ms a 30-byte datagram to each mate (the publish), every 100 ms a
// 600-byte line written to a file (the status frame), every 200 ms a wake-up (the overload watch); every
// datagram the mates send is read. No decoding, no state, no Swift tasks: what the library and the
// language's runtime add to the kernel's share and the wake-ups, and so how much of a runner's CPU is left
// for its own work.
//
//   WakeupFloorNIO BASE_PORT COUNT INDEX SECONDS OUTFILE
//
// Process INDEX of COUNT binds 127.0.0.1:BASE_PORT + INDEX and sends to the others; it stops after SECONDS
// (every loop is bounded) and prints how many datagrams it read to standard error.
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the datagrams read; the loop's thread is the only one that touches it.
final class Counter: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    var received = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += 1
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let base = Int(arguments[1]), let count = Int(arguments[2]), let me = Int(arguments[3]),
      let seconds = Int(arguments[4]), count > 0, (0..<count).contains(me), base > 0, base + count <= 65536, seconds > 0
else {
    complain("usage: \(arguments.first ?? "WakeupFloorNIO") BASE_PORT COUNT INDEX SECONDS OUTFILE\n")
    exit(64)
}
let out = open(arguments[5], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
guard out >= 0 else {
    complain("\(arguments[5]): \(String(cString: strerror(errno)))\n")
    exit(73)
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let loop = group.next()
let counter = Counter()
let channel: any Channel
do {
    channel = try DatagramBootstrap(group: group)
        .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(counter) } }
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
let frame = line

/// Tick `number`, due at `deadline`: the publish and the frame (the C floor's three timers expire
/// together, so its 5 Hz wake-up is every second one of these, and does nothing); then the next tick,
/// 100 ms after this one was due (no drift), until SECONDS are over.
func tick(_ number: Int, due deadline: NIODeadline, done: EventLoopPromise<Void>) {
    for mate in mates { channel.write(AddressedEnvelope(remoteAddress: mate, data: datagram), promise: nil) }
    channel.flush()
    _ = frame.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
    guard number < seconds * 10 else { return done.succeed() }
    let next = deadline + .milliseconds(100)
    loop.scheduleTask(deadline: next) { tick(number + 1, due: next, done: done) }
}
let done = loop.makePromise(of: Void.self)
let first = NIODeadline.now() + .milliseconds(100)
loop.scheduleTask(deadline: first) { tick(1, due: first, done: done) }
try done.futureResult.wait()
let received = try loop.submit { counter.received }.wait()
try channel.close().wait()
try group.syncShutdownGracefully()
close(out)
complain("received \(received)\n")

/// Writes `text` to standard error.
func complain(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
