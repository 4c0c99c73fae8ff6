import Crypto
import Domain
import Foundation

/// The host's side of one pairing exchange with one invitee (pure: no I/O, no clock). It offers an
/// ephemeral key and a commitment, checks the invitee's signed reply, reveals its nonce (both screens
/// now show the code), checks the signed decision, and seals the race secrets for an invitee who accepted.
public struct HostPairing: Sendable {
    /// What this exchange is about.
    public let context: PairingContext
    /// The offer to send (the same bytes on every repetition).
    public let offer: PairingOffer
    private let keys: DeviceKeys
    private let ephemeralSecret: [UInt8]
    private let nonce: [UInt8]

    /// A new exchange for `context`, signed with `keys`: a fresh ephemeral key and nonce.
    public init(context: PairingContext, keys: DeviceKeys) {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let nonce = PairingTranscript.random(PairingTranscript.nonceLength)
        let publicKey = Array(ephemeral.publicKey.rawRepresentation)
        let commitment = PairingTranscript.commitment(ephemeral: publicKey, joiner: context.joiner, nonce: nonce)
        let signed = PairingTranscript.offer(context, identity: keys.identity, ephemeral: publicKey, commitment: commitment)
        self.context = context
        self.keys = keys
        self.ephemeralSecret = Array(ephemeral.rawRepresentation)
        self.nonce = nonce
        self.offer = PairingOffer(identity: keys.identity, ephemeral: publicKey, commitment: commitment, signature: keys.sign(signed))
    }

    /// Checks the invitee's `reply` and completes the exchange: the reveal to send, and the session
    /// (the invitee's identity, the code to show, the key). Throws when the reply is not the invitee's
    /// signed answer to this very offer.
    public func accept(_ reply: PairingReply) throws(PairingError) -> (PairingReveal, PairingSession) {
        guard reply.nonce.count == PairingTranscript.nonceLength else { throw .malformed("nonce") }
        guard let joinerEphemeral = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: reply.ephemeral) else {
            throw .malformed("ephemeral key")
        }
        let transcript = PairingTranscript.hash(context, offer: offer, joiner: reply.identity, ephemeral: reply.ephemeral, nonce: reply.nonce)
        guard DeviceKeys.isValid(signature: reply.signature[...], of: PairingTranscript.replyLabel + transcript, by: reply.identity) else {
            throw .badSignature("reply")
        }
        guard let secret = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ephemeralSecret),
              let shared = try? secret.sharedSecretFromKeyAgreement(with: joinerEphemeral)
        else { throw .malformed("ephemeral key") }
        let reveal = PairingReveal(nonce: nonce, signature: keys.sign(PairingTranscript.revealLabel + transcript + nonce))
        let session = PairingSession(
            mate: reply.identity,
            code: PairingTranscript.code(transcript: transcript, hostNonce: nonce, joinerNonce: reply.nonce),
            key: PairingTranscript.key(shared: shared, transcript: transcript, hostNonce: nonce, joinerNonce: reply.nonce),
            transcript: transcript
        )
        return (reveal, session)
    }

    /// Checks that `decision` is the invitee's, for this exchange; returns whether it accepted.
    public func verify(_ decision: PairingDecision, in session: PairingSession) throws(PairingError) -> Bool {
        let signed = PairingTranscript.decisionLabel + session.transcript + [decision.accepted ? 1 : 0]
        guard DeviceKeys.isValid(signature: decision.signature[...], of: signed, by: session.mate) else {
            throw .badSignature("decision")
        }
        return decision.accepted
    }

    /// The host's signature of how the invitation ended for this invitee (outcome kind 1 … 4: cancelled,
    /// timed out, refused, declined), over this exchange.
    public func signOutcome(kind: UInt8, in session: PairingSession) -> [UInt8] {
        keys.sign(PairingTranscript.outcomeLabel + session.transcript + [kind])
    }

    /// The race's `secrets`, sealed for this invitee under the exchange's key and signed.
    public func grant(_ secrets: RaceSecrets, in session: PairingSession) -> PairingGrant {
        let plain = secrets.key + secrets.raceID
        let box = try? ChaChaPoly.seal(plain, using: SymmetricKey(data: session.key), authenticating: session.transcript)
        let sealed = box.map { Array($0.combined) } ?? []
        return PairingGrant(sealed: sealed, signature: keys.sign(PairingTranscript.grantLabel + session.transcript + sealed))
    }

    /// Whether `request` is the invitee's, for this exchange (a request for one chunk of the course).
    public func isValid(_ request: CourseRequest, in session: PairingSession) -> Bool {
        var writer = WireWriter(capacity: 2)
        writer.write(request.index)
        return DeviceKeys.isValid(
            signature: request.signature[...], of: PairingTranscript.courseRequestLabel + session.transcript + writer.bytes, by: session.mate
        )
    }

    /// Chunk `index` of `count` of the course, with `points` (1e-7 degrees, interleaved), signed over this exchange.
    public func courseChunk(index: UInt16, count: UInt16, points: [Int32], in session: PairingSession) -> CourseChunk {
        var chunk = CourseChunk(index: index, count: count, points: points, signature: [])
        chunk.signature = keys.sign(PairingTranscript.courseChunkLabel + session.transcript + chunk.signedBytes)
        return chunk
    }
}
