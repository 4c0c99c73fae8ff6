import Domain
import SyncWire

/// Admission and address validation, and the runner directory, as one state machine (docs/PROTOCOL.md,
/// "Hardening" and "Address validation"): who this peer hears, answers and sends to.
///
/// - An **address** is configured (`--peer`, discovery: trusted), or learned from a datagram or named by a
///   start outcome: then it gets nothing but challenges, within the bytes it sent us, until it echoes our
///   cookie (`PeerTable`).
/// - A **runner id** is introduced by an address (at most `RunnerDirectory.runnersPerAddress` ids each),
///   bound to the validated address its hello came from, and moved only by a restart's newer boot from the
///   same host; its numbers may not jump far ahead (`RunnerDirectory`).
/// - Where each runner was **last heard** is kept for the lobby's messages to one runner and for the
///   addresses a start outcome names (`RunnerAddresses`).
///
/// Its fields are its own: the peer state reaches them only through these steps, so a runner evicted
/// from the directory is forgotten here in the same step. Pure state under the peer state's lock.
struct Admission: Sendable {
    /// Where our socket listens: never sent to, never challenged.
    var localAddress: PeerAddress?
    /// The addresses datagrams go to, and which of them echoed our cookie.
    private(set) var table: PeerTable
    /// The runners heard from: highest numbers, bound addresses.
    private(set) var directory: RunnerDirectory
    /// Where each runner was last heard from.
    private(set) var heardAt: RunnerAddresses

    init(capacity: Int, cookies: any RandomNumberGenerator & Sendable) {
        table = PeerTable(capacity: capacity, cookies: cookies)
        directory = RunnerDirectory(capacity: capacity)
        heardAt = RunnerAddresses(capacity: capacity)
    }

    // MARK: Addresses

    /// A trusted address (`--peer`, discovery): validated as given, never expires.
    mutating func configure(_ address: PeerAddress) {
        table.configure(address, now: 0)
    }

    /// Every address known, validated or not, in the order learned.
    var peers: [PeerAddress] { table.addresses }

    /// The validated addresses less our own: where a datagram to everyone goes.
    var recipients: [PeerAddress] {
        table.validated.filter { $0 != localAddress }
    }

    /// Whether anything but a challenge may go to `address`.
    func isValidated(_ address: PeerAddress) -> Bool {
        table.isValidated(address)
    }

    /// A valid datagram of `bytes` from `source` at `now` makes it a peer: learned if new (unvalidated),
    /// its credit grown; returns the cookie to challenge it with now (`challengeLength` bytes, within its
    /// credit, once a second at most), if `mayChallenge` and it is not validated.
    mutating func heard(_ source: PeerAddress, bytes: Int, now: UInt64, mayChallenge: Bool, challengeLength: Int)
        -> UInt64?
    {
        guard source != localAddress else { return nil }
        table.heard(source, bytes: bytes, now: now)
        guard mayChallenge else { return nil }
        return table.challenge(source, length: challengeLength, now: now)
    }

    /// `source` echoed `cookie`: nil when it is not the cookie we sent there; else the address is validated,
    /// and the runners whose hello came from it are bound there (returned).
    mutating func echoed(_ cookie: UInt64, from source: PeerAddress, now: UInt64) -> [RunnerID]? {
        guard table.echoed(cookie, from: source, now: now) else { return nil }
        return directory.validated(source)
    }

    /// With every publish: silent learned addresses forgotten, and the challenges due (to addresses a start
    /// outcome named, unasked; to learned ones within their credit), our own address never.
    mutating func challengesDue(length: Int, now: UInt64) -> [(address: PeerAddress, cookie: UInt64)] {
        table.expire(now: now)
        return table.challengesDue(length: length, now: now).filter { $0.address != localAddress }
    }

    // MARK: Runners

    /// Why datagram `number` from `sender` at `source` is refused before it moves anything, or nil: a number
    /// jumping too far ahead, a source other than the bound address (a `restart` boot from a validated
    /// address of the bound host moves the binding), a newcomer beyond its address's ids or a directory
    /// full of bound runners. `challenge`: the refused source is the bound host on a new port, to be
    /// challenged so that a restarted process there can prove its address and then send its boot.
    func refusal(
        _ sender: RunnerID, number: UInt32, from source: PeerAddress, restart: Bool, now: UInt64
    ) -> (refusal: PeerRefusal, challenge: Bool)? {
        let rebinding = restart && table.isValidated(source)
        guard let refusal = directory.refusal(sender, number: number, from: source, rebinding: rebinding, now: now)
        else { return nil }
        return (refusal, refusal == .addressMismatch && directory.isMoving(sender, to: source))
    }

    /// Records an admitted datagram `number` from `sender` at `source`; returns the runner evicted to make
    /// room (an unbound one, never a bound one), already forgotten here.
    mutating func accept(_ sender: RunnerID, number: UInt32, from source: PeerAddress, now: UInt64) -> RunnerID? {
        guard let evicted = directory.accept(sender, number: number, from: source, now: now) else { return nil }
        heardAt.forget(evicted)
        return evicted
    }

    /// A hello from `sender` at `source`: bound there if it is not bound yet and the address is validated,
    /// else remembered to bind once it is. Returns whether `sender` is bound to `source` now.
    mutating func hello(_ sender: RunnerID, at source: PeerAddress) -> Bool {
        _ = directory.hello(sender, at: source, validated: table.isValidated(source))
        return directory.boundAddress(of: sender) == source
    }

    /// A restart's boot from `source`: when `sender` is bound to another port of the same host, the binding
    /// moves there. Returns whether it moved.
    mutating func restarted(_ sender: RunnerID, at source: PeerAddress) -> Bool {
        guard directory.isMoving(sender, to: source) else { return false }
        directory.rebind(sender, to: source)
        return true
    }

    /// The address `runner` is bound to, if any.
    func boundAddress(of runner: RunnerID) -> PeerAddress? {
        directory.boundAddress(of: runner)
    }

    /// Whether any of `runners` is bound to `source`.
    func isBound(anyOf runners: some Sequence<RunnerID>, to source: PeerAddress) -> Bool {
        runners.contains { directory.boundAddress(of: $0) == source }
    }

    /// The runners bound to each address.
    var runnersByAddress: [PeerAddress: [RunnerID]] {
        var runnersAt: [PeerAddress: [RunnerID]] = [:]
        for (runner, record) in directory.records {
            if let address = record.address { runnersAt[address, default: []].append(runner) }
        }
        return runnersAt
    }

    // MARK: Where runners were heard

    /// A checked datagram from `runner` at `source`: it is there now.
    mutating func heardRunner(_ runner: RunnerID, at source: PeerAddress) {
        heardAt.heard(runner, at: source)
    }

    /// A start outcome from `source` at `now` names `runners`' addresses: when `source` is validated, each
    /// is kept for a runner not heard from itself and challenged, so that runners who only knew the host
    /// come to know each other once each address echoed a challenge.
    mutating func startNamed(_ runners: [StartingRunner], by source: PeerAddress, now: UInt64) {
        guard table.isValidated(source) else { return }
        for runner in runners {
            guard let host = runner.host else { continue }
            let peer = PeerAddress(host: host, port: Int(runner.port))
            heardAt.named(runner.id, at: peer)
            table.named(peer, now: now)
        }
    }

    /// Where `runner` was last heard from, if it was.
    func address(of runner: RunnerID) -> PeerAddress? {
        heardAt[runner]
    }

    /// `runner` as a start outcome names it: its id and IPv4 address (nil when unknown or not IPv4).
    func startingRunner(_ runner: RunnerID) -> StartingRunner? {
        heardAt.startingRunner(runner)
    }
}
