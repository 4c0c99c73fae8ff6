import Domain
import SyncWire

/// What this peer sends: its runner, the next datagram number, and when a hello is due. Part of
/// `PeerState` (used by `publish`, and by receiving to answer clock pings and catch-up).
package struct SyncOutbox: Sendable {
    /// A hello goes out before the first progress and then before every `helloInterval`-th one; after
    /// the first `bootHellos` hellos, also no sooner than `helloSpacing` after the last (microseconds):
    /// at 1 fix a second that changes nothing, at 10 a second it makes one hello a second instead of
    /// 2.5 (with them the acknowledgements, relays and group reports that go with a hello).
    static let helloInterval = 4
    static let helloSpacing: UInt64 = 1_000_000

    package private(set) var me: RunnerID?
    /// Our runner and terms as the last publish gave them (to turn a relayed state back into progress).
    private(set) var introduction: (runner: Runner, terms: RaceTerms)?
    private var lastSequence: UInt32 = 0
    /// Publishes since the last hello of the cadence, the hellos of the cadence so far, and when the
    /// last was sent (off-course hellos are extra: they change neither).
    private var sinceHello = 0
    private var hellos = 0
    private var lastHello: UInt64 = 0
    /// This process's boot epoch (microseconds since 1970 at start), sent after the progress of the first
    /// `bootHellos` publishes that carry a hello, then of every `bootHellos`-th one (docs/PROTOCOL.md).
    let epoch: UInt64

    /// An outbox that has sent nothing, for a process booted at `epoch`.
    /// Whether our last hello said our runner was off course.
    private var saidOffCourse = false

    init(epoch: UInt64) {
        self.epoch = epoch
    }

    /// The datagrams for one publish of `progress` at `now` (microseconds): a hello when one is due,
    /// then the progress, then a boot when due.
    mutating func datagrams(for progress: RunnerProgress, now: UInt64) -> [SyncDatagram] {
        let sender = progress.runner.id
        if me != sender { startOver() }
        me = sender
        introduction = (progress.runner, progress.terms)
        var datagrams: [SyncDatagram] = []
        let helloDue = isHelloDue(now: now)
        // A boot with the first `bootHellos` hellos, then with every `bootHellos`-th.
        let bootDue = helloDue && (hellos < Self.bootHellos || hellos % Self.bootHellos == 0)
        if helloDue {
            hellos += 1
            sinceHello = 0
            lastHello = now
        }
        // A hello when due, and at once when our runner leaves or rejoins the course.
        if helloDue || progress.isOffCourse != saidOffCourse {
            saidOffCourse = progress.isOffCourse
            let hello = SyncMessage.hello(name: progress.runner.name, terms: progress.terms, offCourse: progress.isOffCourse)
            datagrams.append(SyncDatagram(sender: sender, sequence: nextSequence(), message: hello))
        }
        sinceHello += 1
        let report = SyncMessage.progress(ProgressReportDTO(progress))
        datagrams.append(SyncDatagram(sender: sender, sequence: nextSequence(), message: report))
        if bootDue { datagrams.append(SyncDatagram(sender: sender, sequence: nextSequence(), message: .boot(epoch: epoch))) }
        return datagrams
    }

    /// A datagram from our runner, or nil before the first publish (nobody knows who we are yet).
    mutating func datagram(saying message: SyncMessage) -> SyncDatagram? {
        guard let me else { return nil }
        return SyncDatagram(sender: me, sequence: nextSequence(), message: message)
    }

    /// An address challenge or echo: from our runner, or from id 0 before we have one (a peer that has
    /// not published yet still validates the addresses it hears from).
    mutating func addressDatagram(saying message: ExtendedMessage) -> SyncDatagram {
        SyncDatagram(sender: me ?? RunnerID(rawValue: 0), sequence: nextSequence(), message: .extended(message))
    }

    /// A datagram from `runner`, which becomes our runner (a lobby message may precede any publish).
    mutating func datagram(saying message: SyncMessage, as runner: RunnerID) -> SyncDatagram {
        if me != runner { startOver() }
        me = runner
        return SyncDatagram(sender: runner, sequence: nextSequence(), message: message)
    }

    private mutating func nextSequence() -> UInt32 {
        lastSequence = lastSequence == UInt32.max ? 1 : lastSequence + 1
        if let below = reservedBelow, UInt64(lastSequence) + UInt64(Self.reservationMargin) >= UInt64(below) { reserveAhead() }
        return lastSequence
    }

    // MARK: Numbers kept across a restart (docs/PROTOCOL.md, "Restart and catch-up")

    /// Numbers reserved at once (hi-lo): the data directory says "every number below N may have been
    /// used", and N moves up by this much (from the last number used) whenever our numbers come within
    /// `reservationMargin` of it: one write per 64 datagrams (every few seconds). A restarted process
    /// continues at N, at most 129 above its last datagram: a mate's `RunnerDirectory` (64 at once,
    /// 512 a second of silence) takes that after an eighth of a second, less than any restart takes.
    package static let reservationBlock: UInt32 = 128
    /// How close our numbers come to the reserved bound before the next block is reserved: the write
    /// goes right after the step that crossed it, long before that many more datagrams are numbered.
    package static let reservationMargin: UInt32 = 64

    /// The highest bound a kept reservation may say (a file saying more is damaged): a restarted peer's
    /// numbers never continue in the upper half of their range (`RunnerDirectory.numberLimit`).
    package static let highestKeptNumber = RunnerDirectory.numberLimit

    /// Every number below this may have been used, as kept in the data directory (nil: numbers not kept).
    private(set) var reservedBelow: UInt32?
    /// A bound not written to the data directory yet.
    private var reservationDue: UInt32?

    /// Keeps our numbers from now on: those below `below` were used by an earlier process of our runner
    /// (nil: by none), so the next one is `below` at least; a new bound is due at once.
    package mutating func keepNumbers(usedBelow below: UInt32?) {
        if let below, below > 1 { lastSequence = max(lastSequence, min(below - 1, RunnerDirectory.numberLimit)) }
        reserveAhead()
    }

    /// The bound to write to the data directory now, if one is due (taken once).
    package mutating func takeReservation() -> UInt32? {
        defer { reservationDue = nil }
        return reservationDue
    }

    private mutating func reserveAhead() {
        let bound = UInt32(min(UInt64(lastSequence) + 1 + UInt64(Self.reservationBlock), UInt64(UInt32.max)))
        reservedBelow = bound
        reservationDue = bound
    }

    /// How many first hellos are followed by a boot (and go at the publish cadence alone), and then
    /// every how many hellos.
    static let bootHellos = 4

    /// Whether the publish about to be made at `now` carries a hello of the cadence: the first; then
    /// after `helloInterval` publishes, and past the first `bootHellos`, `helloSpacing` after the last
    /// (or at once if the clock went back).
    private func isHelloDue(now: UInt64) -> Bool {
        guard hellos > 0 else { return true }
        guard sinceHello >= Self.helloInterval else { return false }
        return hellos < Self.bootHellos || now < lastHello || now - lastHello >= Self.helloSpacing
    }

    /// A new runner of ours: its hellos start from the first.
    private mutating func startOver() {
        (sinceHello, hellos, lastHello) = (0, 0, 0)
    }

}
