import Foundation
import MateRunnerTesting

/// Data homes (`XDG_DATA_HOME`) for the runners of an invited race whose joiners have paired with the
/// host beforehand, as `--accept-from` requires since pairing exists: each identity is read with
/// `materunner mates --json` and added with `materunner mates add`, the host's to each joiner's known
/// mates and each joiner's to the host's (so the host's screen says "bob is paired").
struct PairedHomes {
    /// Each runner's environment, by name.
    private let homes: [String: URL]

    /// Homes for `host` and `joiners`, each joiner paired with `host`, and for `others`, paired with nobody.
    init(host: String, joiners: [String], others: [String] = []) async throws {
        let binary = try BuildProducts.materunner()
        let root = TestScratch.folder("paired")
        var homes: [String: URL] = [:]
        for name in [host] + joiners + others { homes[name] = root.appendingPathComponent(name) }
        self.homes = homes
        let hostIdentity = try await identity(of: host, binary: binary)
        for joiner in joiners {
            try await add(host, hostIdentity, to: joiner, binary: binary)
            try await add(joiner, try await identity(of: joiner, binary: binary), to: host, binary: binary)
        }
    }

    /// `name`'s identity text, made on first use.
    private func identity(of name: String, binary: URL) async throws -> String {
        let listed = try await ProcessRun.run(binary, ["mates", "--json"], environment: environment(name))
        guard let line = listed.stdout.split(separator: "\n").first,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let identity = object["identity"] as? String
        else { throw PairingFailed(output: listed.stdout + listed.stderr) }
        return identity
    }

    private func add(_ name: String, _ identity: String, to owner: String, binary: URL) async throws {
        let added = try await ProcessRun.run(binary, ["mates", "add", name, identity], environment: environment(owner))
        guard added.status == 0 else { throw PairingFailed(output: added.stderr) }
    }

    /// `name`'s data home (`XDG_DATA_HOME`): its records are under `materunner/` in it.
    func dataHome(_ name: String) -> URL {
        homes[name] ?? FileManager.default.temporaryDirectory
    }

    /// The environment of `name`'s processes: its own data home.
    func environment(_ name: String) -> [String: String] {
        homes[name].map { ["XDG_DATA_HOME": $0.path] } ?? [:]
    }

    /// `materunner mates` did not do what the test needs.
    struct PairingFailed: Error {
        let output: String
    }
}
