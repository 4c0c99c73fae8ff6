import Domain

// The lobby messages (types 6-9) and their rules: docs/PROTOCOL.md.
extension SyncDatagramCodec {
    static let acceptedFlag: UInt8 = 0x01
    /// Invitation flag: a course block follows the invitees.
    static let invitationCourseFlag: UInt8 = 0x01

    /// The header flags of a lobby message.
    static func lobbyFlags(_ message: SyncMessage) -> UInt8 {
        switch message {
        case .presence(_, let availability): availability.rawValue
        case .answer(_, _, let accepted): accepted ? acceptedFlag : 0
        case .outcome(_, let outcome): outcome.kind
        case .invitation(let offer): offer.terms.course == nil ? 0 : invitationCourseFlag
        default: 0
        }
    }

    /// Writes a lobby message's body; returns false for any other message.
    static func writeLobbyBody(_ message: SyncMessage, to writer: inout WireWriter) -> Bool {
        switch message {
        case .presence(let name, _):
            writeName(name, to: &writer)
        case .invitation(let offer):
            writer.write(offer.id)
            writer.write(offer.terms.mode.rawValue)
            writer.write(offer.terms.goal.centimetres)
            writer.write(offer.answerWithinMilliseconds)
            writer.write(UInt8(offer.invitees.count))
            for invitee in offer.invitees { writer.write(invitee.rawValue) }
            if let course = offer.terms.course {
                writeCourse(course, to: &writer)
                let listing = offer.course ?? CourseListing(
                    title: course.name, totalCentimetres: course.lengthCentimetres &* UInt32(clamping: course.laps), pointCount: 0
                )
                writer.write(listing.totalCentimetres)
                writer.write(UInt32(clamping: listing.pointCount))
                writeCourseName(listing.title, to: &writer)
            }
            writeName(offer.hostName, to: &writer)
        case .answer(let invitation, let host, _):
            writer.write(invitation)
            writer.write(host.rawValue)
        case .outcome(let invitation, let outcome):
            writer.write(invitation)
            if case let .start(delay, runners) = outcome {
                writer.write(delay)
                writer.write(UInt8(runners.count))
                for runner in runners {
                    writer.write(runner.id.rawValue)
                    writer.write(runner.ipv4)
                    writer.write(UInt8(runner.port >> 8))
                    writer.write(UInt8(runner.port & 0xFF))
                }
            }
        default:
            return false
        }
        return true
    }

    /// `count` distinct runner ids in increasing order, none of them `excluded`.
    private static func readRunnerIDs(
        count: Int, field: String, excluding excluded: RunnerID?, from reader: inout WireReader
    ) throws(DatagramError) -> [RunnerID] {
        var ids: [RunnerID] = []
        for _ in 0..<count {
            let id = RunnerID(rawValue: try reader.readUInt64())
            guard id.rawValue != 0, id != excluded, ids.last.map({ $0 < id }) ?? true else { throw .fieldOutOfRange(field) }
            ids.append(id)
        }
        return ids
    }

    static func readPresence(flags: UInt8, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard let availability = Availability(rawValue: flags) else { throw .fieldOutOfRange("availability") }
        return .presence(name: try readName(from: &reader), availability: availability)
    }

    static func readInvitation(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard flags & ~invitationCourseFlag == 0 else { throw .fieldOutOfRange("flags") }
        let id = try reader.readUInt32()
        guard let mode = RaceMode(rawValue: try reader.readUInt8()), mode != .single else { throw .fieldOutOfRange("mode") }
        let goal = try readGoal(from: &reader)
        let within = try reader.readUInt32()
        guard (1...InvitationDTO.maximumAnswerMilliseconds).contains(within) else { throw .fieldOutOfRange("answer-within") }
        let count = Int(try reader.readUInt8())
        guard (1...InvitationOffer.maximumInvitees).contains(count) else { throw .fieldOutOfRange("invitee-count") }
        let invitees = try readRunnerIDs(count: count, field: "invitees", excluding: sender, from: &reader)
        var course: CourseTerms?
        var listing: CourseListing?
        if flags & invitationCourseFlag != 0 {
            let terms = try readCourse(from: &reader)
            let total = try reader.readUInt32()
            // The whole race is at least the course once, and at most the longest goal.
            guard total >= terms.lengthCentimetres, Double(total) <= Course.maximumLength * 100 else {
                throw .fieldOutOfRange("course-total")
            }
            let points = try reader.readUInt32()
            guard (2...UInt32(Course.maximumPoints)).contains(points) else { throw .fieldOutOfRange("course-points") }
            course = terms
            listing = CourseListing(title: try readCourseName(field: "course-title", from: &reader), totalCentimetres: total, pointCount: Int(points))
        }
        let name = try readName(from: &reader)
        return .invitation(InvitationDTO(
            id: id, terms: RaceTerms(mode: mode, goal: goal, course: course), answerWithinMilliseconds: within,
            invitees: invitees, hostName: name, course: listing
        ))
    }

    static func readAnswer(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard flags & ~acceptedFlag == 0 else { throw .fieldOutOfRange("flags") }
        let id = try reader.readUInt32()
        let host = RunnerID(rawValue: try reader.readUInt64())
        guard host != sender, host.rawValue != 0 else { throw .fieldOutOfRange("host") }
        return .answer(invitation: id, host: host, accepted: flags & acceptedFlag != 0)
    }

    static func readOutcome(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        let id = try reader.readUInt32()
        let outcome: OutcomeDTO
        switch flags {
        case 0:
            let delay = try reader.readUInt32()
            guard delay <= OutcomeDTO.maximumStartMilliseconds else { throw .fieldOutOfRange("start-in") }
            let count = Int(try reader.readUInt8())
            guard (2...InvitationOffer.maximumInvitees + 1).contains(count) else { throw .fieldOutOfRange("runner-count") }
            guard reader.remaining == StartingRunner.wireLength * count else {
                throw .lengthMismatch(expected: reader.offset + StartingRunner.wireLength * count, actual: reader.offset + reader.remaining)
            }
            var runners: [StartingRunner] = []
            for _ in 0..<count {
                let id = RunnerID(rawValue: try reader.readUInt64())
                guard id.rawValue != 0, runners.last.map({ $0.id < id }) ?? true else { throw .fieldOutOfRange("runners") }
                let ipv4 = try reader.readUInt32()
                let port = UInt16(try reader.readUInt8()) << 8 | UInt16(try reader.readUInt8())
                guard (ipv4 == 0) == (port == 0) else { throw .fieldOutOfRange("runner-address") }
                runners.append(StartingRunner(id: id, ipv4: ipv4, port: port))
            }
            guard runners.contains(where: { $0.id == sender }) else { throw .fieldOutOfRange("runners") }
            outcome = .start(inMilliseconds: delay, runners: runners)
        case 1: outcome = .cancelled
        case 2: outcome = .timedOut
        case 3: outcome = .refused
        case 4: outcome = .declined
        default: throw .fieldOutOfRange("outcome")
        }
        return .outcome(invitation: id, outcome)
    }
}
