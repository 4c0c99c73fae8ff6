import Foundation
import Testing
import WebFrontEndCore

/// The page model: what a browser connecting mid-race is given at once.
@Suite("Web front-end: race state for newcomers")
struct WebRaceStateTests {
    /// The snapshot's parts, decoded.
    private func parts(_ state: WebRaceState) throws -> (types: [String], history: [[String: Any]]) {
        let object = try #require(JSONSerialization.jsonObject(with: Data(state.snapshot().utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [[String: Any]])
        return (frames.map { $0["type"] as? String ?? "?" }, try #require(object["history"] as? [[String: Any]]))
    }

    @Test("a newcomer gets the course, the latest status, open invitations, the feed and the result, in that order")
    func snapshotOrder() throws {
        var state = WebRaceState()
        state.apply(WebFrames.notice("waiting for mates"))
        state.apply(WebFrames.course)
        state.apply(WebFrames.status(elapsed: 10, alice: 40, bob: 30))
        state.apply(WebFrames.cheer(from: "bob"))
        state.apply(WebFrames.status(elapsed: 20, alice: 80, bob: 70))
        state.apply(WebFrames.result)
        #expect(try parts(state).types == ["course", "status", "notice", "cheer", "result"])
        // Only the latest status is kept.
        #expect(state.status?.contains("\"elapsed_s\":20.0") == true)
    }

    @Test("the countdown and invitations are kept while waiting, dropped once the race runs")
    func waitingOnly() throws {
        var state = WebRaceState()
        state.apply(WebFrames.status(elapsed: 0, stage: "waiting", alice: 0, bob: 0))
        state.apply(WebFrames.invitation(id: "7", expires: "2027-01-15T08:00:30.000Z"))
        state.apply(WebFrames.countdown(2))
        #expect(try parts(state).types == ["status", "countdown", "invitation"])
        state.apply(WebFrames.status(elapsed: 1, alice: 3, bob: 2))
        #expect(try parts(state).types == ["status"])
        // A countdown frame after the start is not kept either.
        state.apply(WebFrames.countdown(0))
        #expect(state.countdown == nil)
    }

    @Test("a joiner's wait line kept for a newcomer while up: the latest, gone at its end and once the race runs")
    func waitLine() throws {
        var state = WebRaceState()
        state.apply(WebFrames.waiting(60))
        state.apply(WebFrames.waiting(59))
        #expect(try parts(state).types == ["waiting"])
        #expect(state.waiting == WebFrames.waiting(59))
        state.apply(WebFrames.waiting(0))
        #expect(state.waiting == nil)
        #expect(try parts(state).types.isEmpty)
        state.apply(WebFrames.waiting(42))
        state.apply(WebFrames.status(elapsed: 1, alice: 3, bob: 2))
        #expect(try parts(state).types == ["status"])
    }

    @Test("an invitation goes once answered from a page or past its expiry on the race clock")
    func invitations() {
        var state = WebRaceState()
        state.apply(WebFrames.invitation(id: "1", expires: "2027-01-15T08:00:30.000Z"))
        state.apply(WebFrames.invitation(id: "2", expires: "2027-01-15T08:05:00.000Z"))
        state.apply(WebFrames.invitation(id: "2", expires: "2027-01-15T08:05:00.000Z"))
        #expect(state.invitations.map(\.id) == ["1", "2"])
        state.answered(invitation: "2")
        #expect(state.invitations.map(\.id) == ["1"])
        state.apply(WebFrames.notice("later", time: "2027-01-15T08:00:31.000Z"))
        #expect(state.invitations.isEmpty)
    }

    @Test("notices and cheers: the last feedLimit are kept")
    func feedBound() {
        var state = WebRaceState()
        for index in 0..<(WebRaceState.feedLimit + 5) { state.apply(WebFrames.notice("n\(index)")) }
        #expect(state.feed.count == WebRaceState.feedLimit)
        #expect(state.feed.first?.contains("\"n5\"") == true)
        #expect(state.feed.last?.contains("\"n\(WebRaceState.feedLimit + 4)\"") == true)
    }

    @Test("history: one point per runner per instant, the newer distance winning; thinned past the limit, keeping both ends")
    func history() throws {
        var state = WebRaceState()
        state.apply(WebFrames.status(elapsed: 1, alice: 3, bob: 2))
        state.apply(WebFrames.status(elapsed: 1, alice: 4, bob: 2))
        state.apply(WebFrames.status(elapsed: 2, alice: 8, bob: 5))
        #expect(state.history.map(\.name) == ["alice", "bob"])
        #expect(state.history[0].points == [[1, 4], [2, 8]])
        let history = try parts(state).history
        #expect(history.first?["points"] as? [[Double]] == [[1, 4], [2, 8]])

        for second in 3...(WebRaceState.historyLimit + 10) {
            state.apply(WebFrames.status(elapsed: Double(second), alice: Double(second) * 4, bob: 0))
        }
        let points = state.history[0].points
        #expect(points.count <= WebRaceState.historyLimit)
        #expect(points.first == [1, 4])
        #expect(points.last == [Double(WebRaceState.historyLimit + 10), Double(WebRaceState.historyLimit + 10) * 4])
        #expect(zip(points, points.dropFirst()).allSatisfy { $0[0] < $1[0] })
    }

    @Test("what is not a frame is refused; a type not known yet passes as an event but is not kept")
    func unknownAndBroken() {
        var state = WebRaceState()
        #expect(state.apply("not json") == .refused)
        #expect(state.apply(#"{"schema":1}"#) == .refused)
        #expect(state.apply(#"{"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"weather","weather":{"sky":"blue"}}"#) == .event)
        #expect(state.apply(WebFrames.status(elapsed: 1, alice: 1, bob: 1)) == .state)
        #expect(!state.snapshot().contains("weather"))
    }

    @Test("names are JSON-quoted in the history")
    func quoting() throws {
        var state = WebRaceState()
        state.apply(WebFrames.status(elapsed: 1, alice: 1, bob: 1).replacingOccurrences(of: "\"name\":\"bob\"", with: #""name":"b\"o</b>""#))
        let history = try parts(state).history
        #expect(history.map { $0["name"] as? String } == ["alice", "b\"o</b>"])
    }
}
