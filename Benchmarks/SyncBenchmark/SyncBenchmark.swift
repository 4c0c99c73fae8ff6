import Data
import Domain
import Foundation
import FrontEndKit
import Presentation

// Loopback sync benchmark: N peers in this process, each with its own UDP socket on 127.0.0.1, its own
// simulated runner (one fix every 1/hz s of real time), its own RaceSession, RunningViewModel and
// a FrontEndBinder, and a front-end host that encodes every frame as the plugins receive it (JSON).
// It measures how long a fix takes from leaving one peer's position source to every other peer's race
// (its update handed to the session: the wire's share) and to the first frame of every other peer that
// shows it (the status frames' pace on top), the CPU and memory of the whole process, and the bytes on
// the wire.
// Run it in release: `swift run --package-path Benchmarks -c release SyncBenchmark --peers 2 --seconds 30` (see BenchmarkOptions).

@main
enum SyncBenchmark {
    static func main() async {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n\(BenchmarkOptions.usage)\n".utf8))
            exit(64)
        }
        do {
            let report = try await LoopbackRace(options: options).run()
            print(report.markdownRows(command: (["SyncBenchmark"] + CommandLine.arguments.dropFirst()).joined(separator: " ")))
        } catch {
            FileHandle.standardError.write(Data("SyncBenchmark failed: \(error)\n".utf8))
            exit(1)
        }
    }
}
