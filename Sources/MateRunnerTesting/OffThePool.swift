import Foundation

/// Runs blocking `work` (a child process waited for, a pipe read to its end) on a thread of its own
/// instead of one of Swift's cooperative pool. That pool has one thread per core: a test that blocks
/// one of them for a compiler's second stalls every test running beside it (on two cores, all of them).
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// What a tool run to its end printed, and its exit status.
public struct ToolRun: Sendable, Equatable {
    public let status: Int32
    public let output: String

    public init(status: Int32, output: String) {
        (self.status, self.output) = (status, output)
    }
}

/// Runs `executable` with `arguments` to its end, off the pool, and returns its exit status and its
/// standard output; its standard error goes to the test's own, or nowhere with `quietErrors`.
public func runTool(_ executable: URL, _ arguments: [String], quietErrors: Bool = false) async throws -> ToolRun {
    try await offThePool {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        if quietErrors { process.standardError = FileHandle.nullDevice }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
