import Domain
import SyncWire

/// The ghosts concern of the peer (docs/PROTOCOL.md, "15/9 ghost chunk"): the chunks of the ghost we
/// announce, sent all at once after the announcement and then one per publish, in turn; and the mates'
/// ghosts put back together from theirs. Who may announce one is the rule table's and the handler's
/// (`PeerState+Ghosts`); this only keeps the chunks.
struct GhostAnnouncements: Sendable {
    /// The chunks of our ghost; empty while we announce none.
    private var chunks: [GhostChunkDTO] = []
    /// The chunk the next single send takes.
    private var cursor = 0
    /// Whether the next publish sends every chunk at once (right after the announcement).
    private var burstDue = false
    /// Mates' ghosts being put back together from their chunks.
    private var assembler = GhostAssembler()

    /// Announces `ghost` from the next publish on.
    mutating func announce(_ ghost: Ghost) {
        chunks = GhostChunkDTO.chunks(of: ghost)
        cursor = 0
        burstDue = true
    }

    /// The chunks due with this publish: every one after the announcement once there is someone to send
    /// them to (`hasRecipients`), then one, in turn; none without a ghost.
    mutating func due(hasRecipients: Bool) -> [GhostChunkDTO] {
        guard !chunks.isEmpty else { return [] }
        if burstDue, hasRecipients {
            burstDue = false
            return chunks
        }
        defer { cursor = (cursor + 1) % chunks.count }
        return [chunks[cursor % chunks.count]]
    }

    /// A mate's chunk, admitted: its ghost once every chunk is held, announced by `announcer` (its name).
    mutating func assemble(_ chunk: GhostChunkDTO, announcer: String?) -> Ghost? {
        guard var ghost = assembler.add(chunk) else { return nil }
        ghost.announcer = announcer
        return ghost
    }
}
