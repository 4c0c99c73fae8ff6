import Domain

/// A pairing message as the wire carries it: message type 15 (extended), a subtype from
/// `ExtendedType.firstIdentitySubtype` on (each with its rules in SyncCore's `MessageRule.table`)
/// (docs/PROTOCOL.md, "Pairing messages"). Each names the invitation and the other side's runner, so a
/// message is checked against the exchange it belongs to before its signature is.
package enum PairingDTO: Sendable, Hashable {
    /// Host → invitee (subtype 16): the host's identity, ephemeral key and commitment.
    case offer(invitation: UInt32, invitee: RunnerID, PairingOffer)
    /// Invitee → host (subtype 17): the invitee's identity, ephemeral key and nonce.
    case reply(invitation: UInt32, host: RunnerID, PairingReply)
    /// Host → invitee (subtype 18): the host's nonce, opening its commitment.
    case reveal(invitation: UInt32, invitee: RunnerID, PairingReveal)
    /// Invitee → host (subtype 19): accepted or declined, signed.
    case decision(invitation: UInt32, host: RunnerID, PairingDecision)
    /// Host → invitee who accepted (subtype 20): the race key and race id, sealed and signed.
    case grant(invitation: UInt32, invitee: RunnerID, PairingGrant)
    /// Host → runner it admitted (subtype 21): every runner's signing key, signed over the race id.
    case roster(invitation: UInt32, invitee: RunnerID, RaceRoster)
    /// Runner → everyone (subtype 22; runner = the sender): its signed finish or cancel.
    case statement(invitation: UInt32, runner: RunnerID, RaceStatement)
    /// Spectator → runner (subtype 23; the sender is the spectator): its signed request to watch, never tagged.
    case watchRequest(WatchRequest)
    /// Runner → spectator it admits (subtype 24): the spectator key sealed to it, signed; never tagged.
    case watchGrant(spectator: RunnerID, WatchGrant)
    /// Runner → spectator it does not admit (subtype 25), and why; never tagged.
    case watchRefusal(spectator: RunnerID, WatchRefusalReason)
    /// Runner → everyone (subtype 26; runner = the sender): its boot epoch, signed (an invited race's boot).
    case signedBoot(invitation: UInt32, runner: RunnerID, epoch: UInt64, signature: [UInt8])
    /// Host → paired invitee (subtype 27): how the invitation ended (outcome kind 1 … 4), signed over
    /// that invitee's exchange; the plain outcome counts for a paired invitee only with it.
    case outcomeSignature(invitation: UInt32, invitee: RunnerID, kind: UInt8, signature: [UInt8])
    /// Invitee → host (subtype 28): a request for one chunk of the host's course, signed.
    case courseRequest(invitation: UInt32, host: RunnerID, CourseRequest)
    /// Host → invitee (subtype 29): one chunk of its course, signed over that invitee's exchange.
    case courseChunk(invitation: UInt32, invitee: RunnerID, CourseChunk)

    /// The subtype byte (the first of the body).
    package var subtype: UInt8 {
        switch self {
        case .offer: 16
        case .reply: 17
        case .reveal: 18
        case .decision: 19
        case .grant: 20
        case .roster: 21
        case .statement: 22
        case .watchRequest: 23
        case .watchGrant: 24
        case .watchRefusal: 25
        case .signedBoot: 26
        case .outcomeSignature: 27
        case .courseRequest: 28
        case .courseChunk: 29
        }
    }

    /// The invitation it belongs to (nil: a watch request or refusal, which name none).
    package var invitation: UInt32? {
        switch self {
        case .offer(let id, _, _), .reply(let id, _, _), .reveal(let id, _, _), .decision(let id, _, _), .grant(let id, _, _),
             .roster(let id, _, _), .statement(let id, _, _), .signedBoot(let id, _, _, _),
             .outcomeSignature(let id, _, _, _), .courseRequest(let id, _, _), .courseChunk(let id, _, _): id
        case .watchGrant(_, let grant): grant.invitation
        case .watchRequest, .watchRefusal: nil
        }
    }

    /// The subtypes sent without a tag even in a keyed race (signed or sealed, and from or to a spectator
    /// that holds no key yet): watch request, grant and refusal.
    package static let untaggedSubtypes: ClosedRange<UInt8> = 23...25

    /// Body bytes after the subtype, by subtype: invitation (4) and runner (8), then the message's own
    /// (a roster's or a course chunk's count, read first, gives its length).
    static func bodyLength(subtype: UInt8, rosterCount: Int = 0) -> Int? {
        switch subtype {
        case 16: 12 + 64 + 32 + 32 + 64
        case 17: 12 + 64 + 32 + 16 + 64
        case 18: 12 + 16 + 64
        case 19: 12 + 1 + 64
        case 20: 12 + PairingGrant.sealedLength + 64
        case 21: 12 + 1 + 40 * rosterCount + 64
        case 22: 12 + 13 + 64
        case 23: 64 + 32 + WatchRequest.paddingLength + 64
        case 24: WatchGrant.bodyLength
        case 25: 8 + 1
        case 26: 12 + 8 + 64
        case 27: 12 + 1 + 64
        case 28: 12 + 2 + 64
        case 29: 12 + 5 + 8 * rosterCount + 64
        default: nil
        }
    }

    /// The lengths of a pairing datagram of `subtype` without its tag (a roster of 2 … 9 runners, a course
    /// chunk of 1 … 112 points); nil for a subtype that is none.
    package static func datagramLengths(subtype: UInt8) -> ClosedRange<Int>? {
        let counts: ClosedRange<Int> = switch subtype {
        case 21: 2...RaceRoster.maximumRunners
        case 29: 1...CourseChunk.maximumPoints
        default: 0...0
        }
        guard let shortest = bodyLength(subtype: subtype, rosterCount: counts.lowerBound),
              let longest = bodyLength(subtype: subtype, rosterCount: counts.upperBound)
        else { return nil }
        return (DatagramHeader.length + 1 + shortest)...(DatagramHeader.length + 1 + longest)
    }

    /// The shortest pairing datagram without its tag: a header, the subtype and a watch refusal (26 bytes).
    static let minimumDatagramLength = DatagramHeader.length + 1 + 8 + 1

    /// The longest pairing datagram without its tag: a header, the subtype and a course chunk of 112
    /// points (994 bytes).
    static let maximumDatagramLength = DatagramHeader.length + 1 + 12 + 5 + 8 * CourseChunk.maximumPoints + 64
}
