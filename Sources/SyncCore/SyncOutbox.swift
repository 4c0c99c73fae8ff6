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
        return lastSequence
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

    /// After a restart: the next datagram numbers continue above `number`, the highest a mate saw from
    /// our previous process, so that its replay window and replica take them as new.
    mutating func continueAbove(_ number: UInt32) {
        lastSequence = max(lastSequence, number)
    }
}
