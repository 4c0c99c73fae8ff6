@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// The ghosts concern on its own (`GhostAnnouncements`): our ghost's chunks in the order a publish sends
/// them, and a mate's ghost put back together with its announcer's name.
@Suite("Ghost announcements")
struct GhostAnnouncementsTests {
    @Test("nothing without a ghost; after the announcement every chunk once someone hears, then one a publish, in turn")
    func order() throws {
        var ghosts = GhostAnnouncements()
        #expect(ghosts.due(hasRecipients: true).isEmpty)
        let ghost = try GhostPeerStateTests.ghost()
        let chunks = GhostChunkDTO.chunks(of: ghost)
        #expect(chunks.count == 3)
        ghosts.announce(ghost)
        // No one to send the burst to yet: one chunk, and the burst waits.
        #expect(ghosts.due(hasRecipients: false) == [chunks[0]])
        #expect(ghosts.due(hasRecipients: true) == chunks)
        #expect((0..<4).map { _ in ghosts.due(hasRecipients: true) } == [[chunks[1]], [chunks[2]], [chunks[0]], [chunks[1]]])
    }

    @Test("a mate's chunks, in any order: the ghost once whole, marked with its announcer's name")
    func assemble() throws {
        var ghosts = GhostAnnouncements()
        let ghost = try GhostPeerStateTests.ghost()
        let chunks = GhostChunkDTO.chunks(of: ghost)
        #expect(ghosts.assemble(chunks[2], announcer: "carol") == nil)
        #expect(ghosts.assemble(chunks[0], announcer: "carol") == nil)
        let assembled = ghosts.assemble(chunks[1], announcer: "carol")
        let whole = try #require(assembled)
        #expect(whole.id == ghost.id && whole.track == ghost.track && whole.announcer == "carol")
        #expect(whole.runner.announcedBy == "carol" && whole.runner.isGhost)
    }
}
