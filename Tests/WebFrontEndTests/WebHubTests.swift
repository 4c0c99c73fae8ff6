import Testing
import WebFrontEndCore

/// Browsers' queues: a snapshot first, then frames, never waiting for a slow browser.
@Suite("Web front-end: hub of browser streams")
struct WebHubTests {
    /// The batches of `subscription` until `count` were read.
    private func read(_ subscription: WebHub.Subscription, count: Int) async throws -> [WebHub.Batch] {
        var batches: [WebHub.Batch] = []
        struct Enough: Error {}
        do {
            try await subscription.forEach { batch in
                batches.append(batch)
                if batches.count == count { throw Enough() }
            }
        } catch is Enough {}
        return batches
    }

    @Test("a stream starts with the snapshot (taken when first read), then gets each later frame once")
    func snapshotThenFrames() async throws {
        let hub = WebHub()
        hub.publish(WebFrames.status(elapsed: 1, alice: 1, bob: 1))
        let subscription = try #require(hub.subscribe())
        // Published before the stream's first read: part of its snapshot, not sent again after it.
        hub.publish(WebFrames.notice("bob accepted"))
        let first = try await read(subscription, count: 1)
        guard case let .snapshot(snapshot) = first.first else { Issue.record("no snapshot first: \(first)"); return }
        #expect(snapshot.contains("\"type\":\"status\"") && snapshot.contains("bob accepted"))
        hub.publish(WebFrames.cheer(from: "bob"))
        #expect(try await read(subscription, count: 1) == [.frames([WebFrames.cheer(from: "bob")])])
        subscription.end()
        #expect(hub.streamCount == 0)
    }

    @Test("a newer status replaces a queued older one; events keep their order")
    func statusCoalesces() async throws {
        let hub = WebHub()
        let subscription = try #require(hub.subscribe())
        _ = try await read(subscription, count: 1)
        hub.publish(WebFrames.status(elapsed: 1, alice: 1, bob: 1))
        hub.publish(WebFrames.notice("one"))
        hub.publish(WebFrames.status(elapsed: 2, alice: 2, bob: 2))
        hub.publish(WebFrames.notice("two"))
        hub.publish(WebFrames.status(elapsed: 3, alice: 3, bob: 3))
        let batches = try await read(subscription, count: 1)
        guard case let .frames(frames) = batches.first else { Issue.record("\(batches)"); return }
        #expect(frames.count == 3)
        #expect(frames[0].contains("\"one\"") && frames[1].contains("\"two\"") && frames[2].contains("\"elapsed_s\":3"))
    }

    @Test("a browser that falls more than queueLimit events behind gets a fresh snapshot instead, not a longer queue")
    func overflowGivesSnapshot() async throws {
        let hub = WebHub()
        let subscription = try #require(hub.subscribe())
        _ = try await read(subscription, count: 1)
        for index in 0...(WebHub.queueLimit + 3) { hub.publish(WebFrames.notice("n\(index)")) }
        let batches = try await read(subscription, count: 1)
        guard case let .snapshot(snapshot) = batches.first else { Issue.record("\(batches)"); return }
        #expect(snapshot.contains("\"n\(WebHub.queueLimit + 3)\""))
    }

    @Test("at most clientLimit streams; none after close, and open ones end (saying so)")
    func limits() async throws {
        let hub = WebHub()
        let subscriptions = (0..<WebHub.clientLimit).compactMap { _ in hub.subscribe() }
        #expect(subscriptions.count == WebHub.clientLimit)
        #expect(hub.subscribe() == nil)
        subscriptions[0].end()
        let again = try #require(hub.subscribe())
        _ = try await read(again, count: 1)
        hub.close()
        var after: [WebHub.Batch] = []
        try await again.forEach { after.append($0) }
        #expect(after == [.end])
        #expect(hub.subscribe() == nil)
    }

    @Test("closing: a stream first sends what is queued (the result, usually the last frame), then `end`, then ends")
    func closeDrains() async throws {
        let hub = WebHub()
        let reader = try #require(hub.subscribe())
        _ = try await read(reader, count: 1)
        let newcomer = try #require(hub.subscribe())
        hub.publish(WebFrames.result)
        hub.close()
        var batches: [WebHub.Batch] = []
        try await reader.forEach { batches.append($0) }
        #expect(batches == [.frames([WebFrames.result]), .end])
        // One that never read gets the final state as its snapshot.
        var last: [WebHub.Batch] = []
        try await newcomer.forEach { last.append($0) }
        guard case let .snapshot(snapshot) = last.first, last.count == 2, last.last == .end else { Issue.record("\(last)"); return }
        #expect(snapshot.contains("alice wins in 05:21"))
    }

    @Test("publish refuses what is not a frame and queues nothing")
    func refusesGarbage() async throws {
        let hub = WebHub()
        let subscription = try #require(hub.subscribe())
        _ = try await read(subscription, count: 1)
        #expect(!hub.publish("{"))
        hub.ping()
        #expect(try await read(subscription, count: 1) == [.ping])
    }
}
