import ArgumentParser
import Data
import Foundation
import Logging

/// `materunner peers`: the mates DNS-SD finds on the network, listed after a few seconds or watched.
struct PeersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers",
        abstract: "List the mates found on the network over DNS-SD (_materunner._udp).",
        discussion: """
            Browses through avahi-daemon (Bonjour on macOS) and resolves each mate to an address. Without \
            --watch, lists the mates seen after --seconds; with --watch, prints each change as it happens \
            (+ appeared, ~ updated, - gone) until Ctrl-C. A mate that exits is gone within about a second; \
            one that vanishes without a goodbye when its address expires (120 s with Avahi).
            """
    )

    @Option(help: ArgumentHelp("How long to look before listing, in seconds.", valueName: "SECONDS"))
    var seconds: Double = 3

    @Flag(help: "Keep watching and print every change until interrupted.")
    var watch = false

    @Flag(help: "One JSON object per line (name, instance, id, address, port, state, race, version).")
    var json = false

    @Option(help: "Log level on standard error.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        guard seconds.isFinite, (0.1...3600).contains(seconds) else { throw ValidationError("--seconds must be between 0.1 and 3600") }
    }

    func run() async throws {
        try await CommandRunner.perform(logLevel: logLevel) { logger in
            let discovery = DNSSDDiscoveryRepository()
            defer { discovery.stop() }
            let events: AsyncStream<DiscoveryEvent>
            do { events = try discovery.browse() } catch { throw CLIError.usage("\(error)") }
            let printer = PeerPrinter(json: json)
            if watch {
                await watchEvents(events, printer: printer)
            } else {
                let mates = await collect(events, for: seconds)
                if mates.isEmpty { logger.notice("no mates found in \(seconds) s") }
                for mate in mates.values.sorted(by: { $0.runnerName < $1.runnerName }) { printer.print(mate) }
            }
        }
    }

    /// Prints each event until SIGINT or SIGTERM.
    private func watchEvents(_ events: AsyncStream<DiscoveryEvent>, printer: PeerPrinter) async {
        let interrupts = InterruptSignals()
        defer { interrupts.cancel() }
        let signals = interrupts.stream
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events { printer.print(event) }
            }
            group.addTask {
                for await _ in signals { return }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// The mates present after `seconds`.
    private func collect(_ events: AsyncStream<DiscoveryEvent>, for seconds: Double) async -> [String: DiscoveredMate] {
        await withTaskGroup(of: [String: DiscoveredMate]?.self) { group in
            group.addTask {
                var mates: [String: DiscoveredMate] = [:]
                for await event in events {
                    switch event {
                    case .found(let mate), .updated(let mate): mates[mate.instanceName] = mate
                    case .lost(let name): mates[name] = nil
                    }
                }
                return mates
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            var latest: [String: DiscoveredMate] = [:]
            // The timer ends the browse; the browse task then returns what it saw.
            while let result = await group.next() {
                if let mates = result { latest = mates } else { group.cancelAll() }
            }
            return latest
        }
    }
}
