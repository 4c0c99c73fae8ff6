import Foundation
import FrontEndKit
import Testing

/// `FrontEndOutput`, the plugins' unbuffered writer: a line and its terminator go out whole, also when
/// the descriptor takes them in pieces (a pipe whose reader is slower than the writer, left
/// non-blocking by whoever made it), and a closed reader is an error, not a crash or a lost line.
@Suite("FrontEndOutput")
struct FrontEndOutputTests {
    /// A pipe: (read end, write end), both closed by the caller.
    static func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(Foundation.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    /// Everything `fd` yields until its writer closes, read on a thread of its own (not one of Swift's
    /// pool: the writer blocks one of those); with `slowly`, a pause before each read, so that the writer
    /// finds the pipe full.
    final class Drain: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var bytes = [UInt8]()

        init(_ fd: Int32, slowly: Bool = false) {
            Thread.detachNewThread { [self] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    if slowly { usleep(200) }
                    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count > 0 { bytes += chunk[..<count] } else if count < 0, errno == EINTR { continue } else { break }
                }
                done.signal()
            }
        }

        /// The bytes read, once the writer closed.
        func all() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    /// `got` is `expected`; when not, says where they part (not the megabytes themselves).
    static func expectSame(_ got: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let parting = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            got.count == expected.count && parting == nil,
            "\(got.count) bytes arrived for \(expected.count); the first difference at byte \(parting.map(String.init) ?? "none")",
            sourceLocation: sourceLocation
        )
    }

    /// Lines of up to 190 KB, each with its terminator, through `writer` (the read end drained by
    /// `received`); returns the bytes that should arrive.
    static func writeLines(to writer: Int32) throws -> [UInt8] {
        let output = FrontEndOutput(fd: writer)
        var expected = [UInt8]()
        for index in 0..<20 {
            let line = (0..<(index * 10_007 + 1)).map { UInt8(ascii: "a") + UInt8(($0 + index) % 26) }
            try line.withUnsafeBytes { try output.write(bytes: $0, terminator: UInt8(ascii: "\n")) }
            expected += line + [UInt8(ascii: "\n")]
        }
        try output.write("without a terminator")
        return expected + Array("without a terminator".utf8)
    }

    @Test("lines far larger than the pipe's buffer arrive whole, each with its terminator, in order")
    func largeLines() throws {
        try Self.throughPipe(nonBlocking: false)
    }

    @Test("a non-blocking pipe that fills takes the lines in pieces, and none is lost or cut")
    func nonBlockingPipe() throws {
        try Self.throughPipe(nonBlocking: true)
    }

    /// `writeLines` through a pipe, drained as it fills; `nonBlocking`: the writer's end non-blocking,
    /// the pipe as small as it gets and the reader slow, so that nearly every line goes in pieces.
    static func throughPipe(nonBlocking: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (reader, writer) = try pipe()
        defer { close(reader) }
        if nonBlocking {
            #expect(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
            #if os(Linux)
            // F_SETPIPE_SZ (1031, behind _GNU_SOURCE in the C headers): the smallest pipe.
            _ = fcntl(writer, 1031, 4096)
            #endif
        }
        let received = Drain(reader, slowly: nonBlocking)
        let expected = try writeLines(to: writer)
        close(writer)
        expectSame(received.all(), expected, sourceLocation: sourceLocation)
    }

    @Test("an empty line is its terminator alone")
    func emptyLine() throws {
        let (reader, writer) = try Self.pipe()
        defer { close(reader) }
        let received = Drain(reader)
        try FrontEndOutput(fd: writer).write(bytes: UnsafeRawBufferPointer(start: nil, count: 0), terminator: 10)
        close(writer)
        #expect(received.all() == [10])
    }

    @Test("a pipe whose reader is gone is an error naming the descriptor")
    func closedReader() throws {
        let (reader, writer) = try Self.pipe()
        defer { close(writer) }
        close(reader)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let error = #expect(throws: FrontEndError.self) {
            try Array("a line\n".utf8).withUnsafeBytes { try FrontEndOutput(fd: writer).write(bytes: $0, terminator: 10) }
        }
        #expect(error?.description.contains("cannot write to descriptor \(writer)") == true)
    }
}
