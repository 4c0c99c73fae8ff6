import Domain

extension SyncDatagramCodec {
    /// Decodes and checks one datagram: nothing is returned unless every rule of docs/PROTOCOL.md holds.
    /// With a `key`, the datagram must end with a valid tag, checked before the body is read (except a
    /// watch request, grant or refusal, never tagged); without one, it must carry no tag.
    public static func decode(_ bytes: [UInt8], key: RaceKey? = nil) throws(DatagramError) -> SyncDatagram {
        guard bytes.count >= minimumLength else { throw .tooShort(length: bytes.count) }
        guard bytes.count <= maximumLength else { throw .tooLong(length: bytes.count) }
        var headerReader = WireReader(bytes)
        let header = try DatagramHeader.read(from: &headerReader)
        let tagLength = header.authenticated ? RaceKey.tagLength : 0
        guard header.type.lengths.contains(bytes.count - tagLength) else {
            throw .lengthMismatch(expected: header.type.lengths.lowerBound + tagLength, actual: bytes.count)
        }
        let bodyEnd = bytes.count - tagLength
        switch (key, header.authenticated) {
        case (nil, true): throw .unexpectedTag
        case (.some, false):
            // Watch requests, grants and refusals travel untagged in every race (signed or sealed).
            guard isWatchMessage(header, bytes) else { throw .missingTag }
        case (.some(let key), true):
            // Watch messages are never tagged (their encoding drops any tag): a tagged one is not one of ours.
            guard !isWatchMessage(header, bytes) else { throw .unexpectedTag }
            guard key.isValid(tag: bytes[bodyEnd...], for: bytes[..<bodyEnd]) else { throw .badTag }
        case (nil, false): break
        }
        var reader = WireReader(Array(bytes[..<bodyEnd]))
        _ = try reader.readBytes(DatagramHeader.length)
        let message: SyncMessage
        switch header.type {
        case .boot, .relayedState: message = try readCatchUp(header, from: &reader)
        case .progressDelta, .acknowledgement, .finishedProgress: message = try readDelta(header, from: &reader)
        case .progress: message = .progress(try readProgress(flags: header.flags, from: &reader))
        case .hello: message = try readHello(flags: header.flags, from: &reader)
        case .cheer: message = try readCheer(flags: header.flags, sender: header.sender, from: &reader)
        case .clockPing:
            try requireNoFlags(header.flags)
            message = .clockPing(t1: try reader.readUInt64())
        case .clockPong:
            try requireNoFlags(header.flags)
            let requester = RunnerID(rawValue: try reader.readUInt64())
            let t1 = try reader.readUInt64(), t2 = try reader.readUInt64(), t3 = try reader.readUInt64()
            guard t3 >= t2 else { throw .fieldOutOfRange("t3") }
            message = .clockPong(requester: requester, t1: t1, t2: t2, t3: t3)
        case .presence: message = try readPresence(flags: header.flags, from: &reader)
        case .invitation: message = try readInvitation(flags: header.flags, sender: header.sender, from: &reader)
        case .answer: message = try readAnswer(flags: header.flags, sender: header.sender, from: &reader)
        case .outcome: message = try readOutcome(flags: header.flags, sender: header.sender, from: &reader)
        case .extended:
            // Subtypes 1 … 15 are the sync layer's, 16 and up the pairing exchange's.
            message = try reader.peekUInt8() < ExtendedType.firstIdentitySubtype
                ? try readExtended(header, total: bodyEnd, from: &reader)
                : try readPairing(flags: header.flags, sender: header.sender, from: &reader)
        }
        guard reader.remaining == 0 else {
            throw .lengthMismatch(expected: bodyEnd - reader.remaining, actual: bodyEnd)
        }
        return SyncDatagram(sender: header.sender, sequence: header.sequence, message: message)
    }

    /// Whether `bytes`, whatever its tag, is a spectator's: a presence saying "watching" or a watch
    /// request (type 15, subtype 23), read from the header and subtype alone. For naming what a
    /// datagram that failed authentication was (a spectator not admitted yet, not a runner with another
    /// race key); never a reason to accept one.
    public static func isSpectators(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > DatagramHeader.length else { return false }
        var reader = WireReader(bytes)
        guard let header = try? DatagramHeader.read(from: &reader) else { return false }
        switch header.type {
        case .presence: return header.flags == Availability.watching.rawValue
        case .extended: return bytes[DatagramHeader.length] == 23
        default: return false
        }
    }

    /// Whether `bytes` is a watch request, grant or refusal (type 15, subtypes 23 … 25): never tagged.
    private static func isWatchMessage(_ header: DatagramHeader, _ bytes: [UInt8]) -> Bool {
        header.type == .extended && bytes.count > DatagramHeader.length && PairingDTO.untaggedSubtypes.contains(bytes[DatagramHeader.length])
    }

    private static func requireNoFlags(_ flags: UInt8) throws(DatagramError) {
        guard flags == 0 else { throw .fieldOutOfRange("flags") }
    }

    private static func readProgress(flags: UInt8, from reader: inout WireReader) throws(DatagramError) -> ProgressReportDTO {
        guard flags & ~(phaseMask | finalResultFlag) == 0 else { throw .fieldOutOfRange("flags") }
        guard let phase = RunnerPhase(rawValue: flags & phaseMask) else { throw .fieldOutOfRange("phase") }
        let elapsed = try reader.readUInt32()
        let distance = try reader.readUInt32()
        let expectedRemaining = phase == .finished ? 4 : 0
        guard reader.remaining == expectedRemaining else {
            throw .lengthMismatch(expected: DatagramHeader.length + 8 + expectedRemaining, actual: reader.offset + reader.remaining)
        }
        let finish = phase == .finished ? try reader.readUInt32() : nil
        let report = ProgressReportDTO(
            phase: phase, hasFinalResult: flags & finalResultFlag != 0,
            elapsedMilliseconds: elapsed, distanceCentimetres: distance, finishMilliseconds: finish
        )
        guard report.isConsistent else { throw .fieldOutOfRange("finish") }
        return report
    }

    private static func readHello(flags: UInt8, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        guard flags & ~(helloCourseFlag | helloOffCourseFlag | helloSpeedupFlag) == 0 else { throw .fieldOutOfRange("flags") }
        let hasCourse = flags & helloCourseFlag != 0
        guard hasCourse || flags & helloOffCourseFlag == 0 else { throw .fieldOutOfRange("flags") }
        guard let mode = RaceMode(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("mode") }
        let goal = try readGoal(from: &reader)
        let course = hasCourse ? try readCourse(from: &reader) : nil
        let speedup = flags & helloSpeedupFlag != 0 ? try readSpeedup(from: &reader) : 1
        return .hello(
            name: try readName(from: &reader), terms: RaceTerms(mode: mode, goal: goal, course: course, speedup: speedup),
            offCourse: flags & helloOffCourseFlag != 0
        )
    }

    /// A goal field: centimetres, 1 … 100 000 000 (1000 km).
    static func readGoal(from reader: inout WireReader) throws(DatagramError) -> RaceGoal {
        let goal = try reader.readUInt32()
        guard goal > 0, Double(goal) <= RaceGoal.maximumKilometres * 100_000 else { throw .fieldOutOfRange("goal") }
        return RaceGoal(centimetres: goal)
    }

    /// A name field: length 1 … 32, then exactly that many bytes of a valid runner name, ending the body.
    static func readName(from reader: inout WireReader) throws(DatagramError) -> String {
        let length = Int(try reader.readUInt8())
        guard (1...Runner.maximumNameBytes).contains(length) else { throw .fieldOutOfRange("name-length") }
        guard reader.remaining == length else {
            throw .lengthMismatch(expected: reader.offset + length, actual: reader.offset + reader.remaining)
        }
        guard let name = String(validating: try reader.readBytes(length), as: UTF8.self),
              (try? Runner.validate(name: name)) == name
        else { throw .fieldOutOfRange("name") }
        return name
    }

    private static func readCheer(flags: UInt8, sender: RunnerID, from reader: inout WireReader) throws(DatagramError) -> SyncMessage {
        try requireNoFlags(flags)
        let raw = try reader.readUInt64()
        let recipient = raw == 0 ? nil : RunnerID(rawValue: raw)
        guard recipient != sender else { throw .fieldOutOfRange("recipient") }
        guard let emoji = CheerEmoji(rawValue: try reader.readUInt8()) else { throw .fieldOutOfRange("emoji") }
        return .cheer(recipient: recipient, emoji: emoji, sentAtMilliseconds: try reader.readUInt64())
    }
}
