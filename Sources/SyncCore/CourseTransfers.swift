import Domain
import SyncWire

/// The course fetch of invited races, both ways (docs/PROTOCOL.md, "Course fetch"): as a host, the
/// course it serves and how many chunks it sent each invitee; as a joiner, the chunks of each course
/// it fetches. Pure state, stepped under the peer state's lock; bounded.
struct CourseTransfers: Sendable {
    /// A host's course, as its chunks carry it.
    struct Served: Sendable {
        let digest: String
        /// 1e-7 degrees, interleaved.
        let points: [Int32]
        var chunkCount: Int { CourseChunk.count(forPoints: points.count / 2) }

        /// The points of chunk `index`, interleaved.
        func chunk(_ index: Int) -> [Int32] {
            let start = index * CourseChunk.maximumPoints * 2
            return Array(points[start..<min(points.count, start + CourseChunk.maximumPoints * 2)])
        }
    }

    /// A joiner's fetch of one host's course.
    struct Fetch: Sendable {
        let digest: String
        let pointCount: Int
        var chunks: [Int: [Int32]] = [:]
        var chunkCount: Int { CourseChunk.count(forPoints: pointCount) }

        /// The chunks not received yet, lowest first.
        var missing: [Int] { (0..<chunkCount).filter { chunks[$0] == nil } }

        /// Every point, interleaved, once every chunk arrived.
        var points: [Int32]? {
            guard chunks.count == chunkCount else { return nil }
            return (0..<chunkCount).flatMap { chunks[$0] ?? [] }
        }
    }

    /// The most chunks a host sends one invitee of one invitation: three times the course and a margin
    /// (what a joiner asks for at most, `CourseFetchSettings.requestBudget`), so that replayed or
    /// repeated requests cannot make it send more.
    static func answerBudget(chunkCount: Int) -> Int { 3 * chunkCount + 32 }

    var served: Served?
    /// Chunks sent per invitation and invitee.
    var answered: [LobbyPairing.Key: Int] = [:]
    var fetches: [LobbyPairing.Key: Fetch] = [:]
    /// Chunks that checked but did not fit the fetch (another count, wrong number of points): counted.
    var misfits = 0
}

extension PeerState {
    /// A host: serve `points` (1e-7 degrees, interleaved; digest `digest`) to the invitees of its invitations.
    package mutating func serveCourse(digest: String, points: [Int32]) {
        courses.served = CourseTransfers.Served(digest: digest, points: points)
    }

    /// A joiner: fetch the course of `host`'s invitation `invitation` (digest, point count); false when its
    /// pairing with that host has not completed (there is nothing to authenticate the course with).
    package mutating func beginCourseFetch(host: RunnerID, invitation: UInt32, digest: String, pointCount: Int) -> Bool {
        let key = LobbyPairing.Key(host: host, invitation: invitation)
        guard pairingState.joined[key]?.session != nil, (2...Course.maximumPoints).contains(pointCount) else { return false }
        if courses.fetches[key]?.digest != digest { courses.fetches[key] = CourseTransfers.Fetch(digest: digest, pointCount: pointCount) }
        // At most a few fetches at once (one per invitation accepted).
        while courses.fetches.count > 4, let other = courses.fetches.keys.first(where: { $0 != key }) { courses.fetches[other] = nil }
        return true
    }

    /// The chunks still missing of a fetch, and its points once complete (nil for an unknown fetch).
    package func courseFetch(host: RunnerID, invitation: UInt32) -> (missing: [Int], points: [Int32]?)? {
        guard let fetch = courses.fetches[LobbyPairing.Key(host: host, invitation: invitation)] else { return nil }
        return (fetch.missing, fetch.points)
    }

    /// The fetch is over (done or given up): its chunks are forgotten.
    package mutating func endCourseFetch(host: RunnerID, invitation: UInt32) {
        courses.fetches[LobbyPairing.Key(host: host, invitation: invitation)] = nil
    }

    /// Requests for chunks `indices` of `host`'s course, signed, to the host's address (withheld while
    /// it is not validated).
    package mutating func courseRequests(host: RunnerID, invitation: UInt32, indices: [Int]) -> [OutgoingDatagram] {
        let key = LobbyPairing.Key(host: host, invitation: invitation)
        guard let me = outbox.me, let joined = pairingState.joined[key], let session = joined.session,
              let address = admission.address(of: host)
        else { return [] }
        return indices.flatMap { index -> [OutgoingDatagram] in
            let request = joined.pairing.courseRequest(index: UInt16(clamping: index), in: session)
            let datagram = outbox.datagram(saying: .pairing(.courseRequest(invitation: invitation, host: host, request)), as: me)
            return outgoing(encode(datagram), to: [address])
        }
    }

    /// A request or a chunk of the course fetch (subtypes 28, 29), its signature checked against the
    /// pairing of its invitation. A host answers a request with the chunk, to the request's source
    /// only once that address is validated (a chunk is ten times the request's size), and at most
    /// `CourseTransfers.answerBudget` times per invitee; a joiner keeps a chunk of a fetch under way.
    mutating func handleCourse(
        _ pairing: PairingDTO, sender: RunnerID, source: PeerAddress, into effects: inout InboundEffects
    ) throws(DatagramError) {
        guard let me = outbox.me else { return }
        switch pairing {
        case let .courseRequest(id, host, request):
            guard host == me, let served = courses.served, let hosted = pairingState.hosted[id]?[sender], let session = hosted.session,
                  hosted.pairing.context.terms.course?.digest == served.digest
            else { throw .pairingRefused("course request for no course of ours") }
            guard hosted.pairing.isValid(request, in: session) else { throw .pairingRefused("course request: bad signature") }
            guard Int(request.index) < served.chunkCount else { throw .fieldOutOfRange("chunk-index") }
            guard admission.isValidated(source) else {
                statistics.withheld["unvalidated-address", default: 0] += 1
                return
            }
            let key = LobbyPairing.Key(host: sender, invitation: id)
            guard courses.answered[key, default: 0] < CourseTransfers.answerBudget(chunkCount: served.chunkCount) else {
                statistics.withheld["course-limit", default: 0] += 1
                return
            }
            courses.answered[key, default: 0] += 1
            let chunk = hosted.pairing.courseChunk(
                index: request.index, count: UInt16(served.chunkCount), points: served.chunk(Int(request.index)), in: session
            )
            guard let datagram = outbox.datagram(saying: .pairing(.courseChunk(invitation: id, invitee: sender, chunk))) else { return }
            reply(encode(datagram), into: &effects)
            countReceived("course-request")
        case let .courseChunk(id, invitee, chunk):
            let key = LobbyPairing.Key(host: sender, invitation: id)
            guard invitee == me, let fetch = courses.fetches[key], let joined = pairingState.joined[key], let session = joined.session else {
                throw .pairingRefused("course chunk for no fetch of ours")
            }
            guard joined.pairing.isValid(chunk, in: session) else { throw .pairingRefused("course chunk: bad signature") }
            let index = Int(chunk.index)
            let expected = min(CourseChunk.maximumPoints, fetch.pointCount - index * CourseChunk.maximumPoints)
            guard Int(chunk.count) == fetch.chunkCount, chunk.points.count == 2 * expected else {
                courses.misfits += 1
                throw .pairingRefused("course chunk: \(chunk.points.count / 2) points of chunk \(index) of \(chunk.count), expected \(expected) of \(fetch.chunkCount)")
            }
            if courses.fetches[key]?.chunks[index] == nil { courses.fetches[key]?.chunks[index] = chunk.points }
            countReceived("course-chunk")
        default:
            return
        }
    }
}
