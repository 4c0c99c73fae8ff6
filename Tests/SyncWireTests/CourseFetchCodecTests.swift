import Domain
import SyncWire
import Testing

/// The course travelling with an invitation on the wire (docs/PROTOCOL.md, "7 invitation" and "Course
/// fetch"): an invitation's course block, the signed course request and chunk, their sizes, round
/// trips open and keyed, every malformed class refused, and signatures bound to one exchange.
@Suite("Course fetch codec")
struct CourseFetchCodecTests {
    static let host = RunnerID(rawValue: 0xA1), joiner = RunnerID(rawValue: 0xB2)
    static let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: "lake.gpx", lengthCentimetres: 191_240, laps: 2)
    static let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 382_480), course: course)
    static let listing = CourseListing(title: "Lake loop", totalCentimetres: 382_480, pointCount: 173)

    /// One exchange's two sides, completed, about an invitation with the course.
    static func exchange() throws -> (HostPairing, PairingSession, JoinerPairing, PairingSession) {
        let context = PairingContext(invitation: 42, host: host, joiner: joiner, terms: terms)
        let hostSide = HostPairing(context: context, keys: .generate())
        let joinerSide = try JoinerPairing(offer: hostSide.offer, context: context, keys: .generate())
        let (reveal, hostSession) = try hostSide.accept(joinerSide.reply)
        return (hostSide, hostSession, joinerSide, try joinerSide.complete(reveal))
    }

    /// `count` points from 45.77°N 14.35°E, 1e-7 degrees, interleaved.
    static func points(_ count: Int) -> [Int32] {
        var values: [Int32] = []
        for index in 0..<Int32(count) {
            values.append(457_700_000 + index * 100)
            values.append(143_500_000 + index * 70)
        }
        return values
    }

    /// An invitation with a course, a request and a chunk of 3 points, encoded open (for the fuzz tests' bases).
    static let encodedSamples: [[UInt8]] = {
        guard let (hostSide, hostSession, joinerSide, joinerSession) = try? exchange() else { return [] }
        let invitation = InvitationDTO(id: 42, terms: terms, answerWithinMilliseconds: 10_000, invitees: [joiner], hostName: "alice", course: listing)
        return [
            (host, SyncMessage.invitation(invitation)),
            (joiner, .pairing(.courseRequest(invitation: 42, host: host, joinerSide.courseRequest(index: 0, in: joinerSession)))),
            (host, .pairing(.courseChunk(invitation: 42, invitee: joiner, hostSide.courseChunk(index: 0, count: 1, points: points(3), in: hostSession)))),
        ].map { SyncDatagramCodec.encode(SyncDatagram(sender: $0.0, sequence: 3, message: $0.1)) }
    }()

    private func encoded(_ message: SyncMessage, from sender: RunnerID = host, key: RaceKey? = nil) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 7, message: message), key: key)
    }

    @Test("an invitation carries the course's digest, laps, lap length, file name, total length, points and title")
    func invitationRoundTrip() throws {
        let dto = InvitationDTO(
            id: 42, terms: Self.terms, answerWithinMilliseconds: 10_000, invitees: [Self.joiner], hostName: "alice", course: Self.listing
        )
        let bytes = encoded(.invitation(dto))
        // 31 + 8 k + n, and the course block: 14 + 8 ("lake.gpx") + 9 + 9 ("Lake loop").
        #expect(bytes.count == 31 + 8 + 5 + 14 + 8 + 9 + 9)
        #expect(bytes[3] & 0x07 == 0x01)
        guard case .invitation(let decoded) = try SyncDatagramCodec.decode(bytes).message else {
            Issue.record("not an invitation")
            return
        }
        #expect(decoded == dto)
        #expect(decoded.terms.course?.digest == "00a1b2c3d4e5f607" && decoded.terms.course?.name == "lake.gpx")
        #expect(decoded.terms.course?.lengthCentimetres == 191_240 && decoded.terms.course?.laps == 2)
        #expect(decoded.course == Self.listing)
        // Without a course, the invitation of before (flags 0, same bytes).
        let plain = encoded(.invitation(InvitationDTO(
            id: 42, terms: RaceTerms(mode: .race, goal: .standard), answerWithinMilliseconds: 10_000, invitees: [Self.joiner], hostName: "alice"
        )))
        #expect(plain.count == 31 + 8 + 5 && plain[3] & 0x07 == 0)
        // Through the Domain's invitation and back.
        let offer = InvitationOffer(
            id: 42, host: Runner(id: Self.host, name: "alice"), terms: Self.terms, invitees: [Self.joiner], sentAt: .now,
            timeout: 10, course: Self.listing
        )
        guard let wire = RaceMessageWire.encode(.invitation(offer), from: offer.host, at: .now),
              case .invitation(let back)? = RaceMessageWire.decode(wire, from: Self.host, at: .now)
        else {
            Issue.record("the invitation did not cross the wire")
            return
        }
        #expect(back.course == Self.listing && back.terms == Self.terms)
    }

    @Test("malformed invitation course blocks are refused")
    func invitationRejections() throws {
        let bytes = encoded(.invitation(InvitationDTO(
            id: 42, terms: Self.terms, answerWithinMilliseconds: 10_000, invitees: [Self.joiner], hostName: "alice", course: Self.listing
        )))
        // The block starts at 38 (30 + 8 k): digest 38, laps 46, lap length 47, name length 51, name 52,
        // total 60, points 64, title length 68, title 69.
        func refused(_ change: (inout [UInt8]) -> Void) -> DatagramError? {
            var copy = bytes
            change(&copy)
            do { _ = try SyncDatagramCodec.decode(copy) } catch { return error }
            return nil
        }
        #expect(refused { $0[3] |= 0x02 } == .fieldOutOfRange("flags"))
        #expect(refused { $0[46] = 0 } == .fieldOutOfRange("laps"))
        #expect(refused { $0[47...50] = [0, 0, 0, 9] } == .fieldOutOfRange("course-length"))
        #expect(refused { $0[51] = 0 } == .fieldOutOfRange("course-name-length"))
        #expect(refused { $0[52] = 0x1B } == .fieldOutOfRange("course-name"))
        // A total shorter than one lap, or longer than 1000 km.
        #expect(refused { $0[60...63] = [0, 0, 0, 1] } == .fieldOutOfRange("course-total"))
        #expect(refused { $0[60...63] = [0xFF, 0xFF, 0xFF, 0xFF] } == .fieldOutOfRange("course-total"))
        // One point, or more than 100 000.
        #expect(refused { $0[64...67] = [0, 0, 0, 1] } == .fieldOutOfRange("course-points"))
        #expect(refused { $0[64...67] = [0, 1, 0x86, 0xA1] } == .fieldOutOfRange("course-points"))
        #expect(refused { $0[68] = 0 } == .fieldOutOfRange("course-title-length"))
        #expect(refused { $0[69] = 0x07 } == .fieldOutOfRange("course-title"))
        // The flag without the block, and the block without the flag.
        #expect(refused { $0[3] &= 0xF8 } != nil)
    }

    @Test("a course request is 95 bytes and a chunk 98 + 8 points bytes (994 full), open and keyed")
    func roundTrips() throws {
        let (hostSide, hostSession, joinerSide, joinerSession) = try Self.exchange()
        let key = RaceKey(secrets: .generate())
        let request = PairingDTO.courseRequest(invitation: 42, host: Self.host, joinerSide.courseRequest(index: 1, in: joinerSession))
        let full = PairingDTO.courseChunk(invitation: 42, invitee: Self.joiner, hostSide.courseChunk(
            index: 0, count: 2, points: Self.points(112), in: hostSession
        ))
        let last = PairingDTO.courseChunk(invitation: 42, invitee: Self.joiner, hostSide.courseChunk(
            index: 1, count: 2, points: Self.points(61), in: hostSession
        ))
        for (sender, message, size) in [(Self.joiner, request, 95), (Self.host, full, 994), (Self.host, last, 98 + 8 * 61)] {
            let datagram = SyncDatagram(sender: sender, sequence: 7, message: .pairing(message))
            let bytes = SyncDatagramCodec.encode(datagram)
            #expect(bytes.count == size)
            #expect(try SyncDatagramCodec.decode(bytes) == datagram)
            let keyed = SyncDatagramCodec.encode(datagram, key: key)
            #expect(keyed.count == size + 8 && keyed.count <= 1_002)
            #expect(try SyncDatagramCodec.decode(keyed, key: key) == datagram)
        }
    }

    @Test("malformed requests and chunks are refused: index, count, point count, a point off the globe, length")
    func rejections() throws {
        let (hostSide, hostSession, joinerSide, joinerSession) = try Self.exchange()
        let request = encoded(.pairing(.courseRequest(invitation: 42, host: Self.host, joinerSide.courseRequest(index: 3, in: joinerSession))), from: Self.joiner)
        let chunk = encoded(.pairing(.courseChunk(invitation: 42, invitee: Self.joiner, hostSide.courseChunk(
            index: 1, count: 2, points: Self.points(3), in: hostSession
        ))))
        func refused(_ bytes: [UInt8], _ change: (inout [UInt8]) -> Void) -> DatagramError? {
            var copy = bytes
            change(&copy)
            do { _ = try SyncDatagramCodec.decode(copy) } catch { return error }
            return nil
        }
        // Request: index (offset 29) beyond the most chunks; the host is the sender or 0; one byte short or long.
        #expect(refused(request) { $0[29...30] = [0xFF, 0xFF] } == .fieldOutOfRange("chunk-index"))
        #expect(refused(request) { $0[21...28] = [0, 0, 0, 0, 0, 0, 0, 0xB2] } == .fieldOutOfRange("runner"))
        #expect(refused(request) { $0[21...28] = [0, 0, 0, 0, 0, 0, 0, 0] } == .fieldOutOfRange("runner"))
        #expect(refused(request) { $0.removeLast() } != nil)
        #expect(refused(request) { $0.append(0) } != nil)
        // Chunk: index (29) ≥ count (31); count 0 or beyond 893; points (33) 0, over 112, or short of a full
        // chunk before the last; a latitude beyond 90°; the length not the point count's.
        #expect(refused(chunk) { $0[29...30] = [0, 2] } == .fieldOutOfRange("chunk-index"))
        #expect(refused(chunk) { $0[31...32] = [0, 0] } == .fieldOutOfRange("chunk-count"))
        #expect(refused(chunk) { $0[31...32] = [0x03, 0x7E] } == .fieldOutOfRange("chunk-count"))
        #expect(refused(chunk) { $0[29...30] = [0, 0] } == .fieldOutOfRange("chunk-points"))
        #expect(refused(chunk) { $0[34...37] = [0x40, 0, 0, 0] } == .fieldOutOfRange("chunk-point"))
        #expect(refused(chunk) { $0[33] = 4 } != nil)
        #expect(refused(chunk) { $0[33] = 0 } != nil)
        #expect(refused(chunk) { $0.removeLast() } != nil)
    }

    @Test("a chunk or request checks only in its own exchange, as signed")
    func signatures() throws {
        let (hostSide, hostSession, joinerSide, joinerSession) = try Self.exchange()
        let (otherHost, otherHostSession, otherJoiner, otherJoinerSession) = try Self.exchange()
        let chunk = hostSide.courseChunk(index: 0, count: 1, points: Self.points(5), in: hostSession)
        #expect(joinerSide.isValid(chunk, in: joinerSession))
        #expect(!otherJoiner.isValid(chunk, in: otherJoinerSession))
        var moved = chunk
        moved.points[0] += 1
        #expect(!joinerSide.isValid(moved, in: joinerSession))
        var renumbered = chunk
        renumbered.count = 2
        #expect(!joinerSide.isValid(renumbered, in: joinerSession))
        let request = joinerSide.courseRequest(index: 4, in: joinerSession)
        #expect(hostSide.isValid(request, in: hostSession))
        #expect(!otherHost.isValid(request, in: otherHostSession))
        #expect(!hostSide.isValid(CourseRequest(index: 5, signature: request.signature), in: hostSession))
    }

    @Test("the offer's signature binds the course: an invitee told of another digest, laps or length refuses it")
    func offerBindsCourse() throws {
        let context = PairingContext(invitation: 42, host: Self.host, joiner: Self.joiner, terms: Self.terms)
        let hostSide = HostPairing(context: context, keys: .generate())
        var other = Self.course
        for change in [{ (c: inout CourseTerms) in c.digest = "00a1b2c3d4e5f608" }, { $0.laps = 3 }, { $0.lengthCentimetres += 1 }] {
            other = Self.course
            change(&other)
            var terms = Self.terms
            terms.course = other
            let forged = PairingContext(invitation: 42, host: Self.host, joiner: Self.joiner, terms: terms)
            #expect(throws: PairingError.self) { try JoinerPairing(offer: hostSide.offer, context: forged, keys: .generate()) }
        }
        var none = Self.terms
        none.course = nil
        #expect(throws: PairingError.self) {
            try JoinerPairing(offer: hostSide.offer, context: PairingContext(invitation: 42, host: Self.host, joiner: Self.joiner, terms: none), keys: .generate())
        }
        _ = try JoinerPairing(offer: hostSide.offer, context: context, keys: .generate())
    }
}
