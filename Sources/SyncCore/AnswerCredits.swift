import Domain

/// How many answers a joiner may still send to each invitation (docs/PROTOCOL.md, "Hardening"): one
/// per invitation datagram received from its host, at most `maximumCredit` banked. The host repeats
/// its invitation every 0.5 s until it has every answer, so a lost answer is answered again on the next
/// invitation; a stranger's invitations (50 of them, each repeated) can no longer make a joiner with
/// `--accept-from` send 950 answers: at most one answer leaves per invitation datagram that arrived.
struct AnswerCredits: Sendable {
    /// Answers banked per invitation at most.
    static let maximumCredit = 2
    /// Invitations remembered; the oldest is forgotten first.
    static let capacity = 16

    private var credits: [(host: RunnerID, invitation: UInt32, left: Int)] = []

    /// An invitation datagram `invitation` from `host` arrived: one more answer may go.
    mutating func invited(_ invitation: UInt32, by host: RunnerID) {
        if let index = credits.firstIndex(where: { $0.host == host && $0.invitation == invitation }) {
            credits[index].left = min(Self.maximumCredit, credits[index].left + 1)
            return
        }
        credits.append((host, invitation, 1))
        if credits.count > Self.capacity { credits.removeFirst(credits.count - Self.capacity) }
    }

    /// Takes one answer to `host`'s `invitation`; false when none is left.
    mutating func take(_ invitation: UInt32, by host: RunnerID) -> Bool {
        guard let index = credits.firstIndex(where: { $0.host == host && $0.invitation == invitation }),
              credits[index].left > 0
        else { return false }
        credits[index].left -= 1
        return true
    }
}
