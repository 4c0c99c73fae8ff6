import Crypto
import Domain

/// An invitee's side of one pairing exchange (pure: no I/O, no clock). It checks the host's signed
/// offer and answers with its own identity, ephemeral key and nonce; on the host's reveal it checks
/// the commitment and has the code to show; it signs the person's decision, and opens the race secrets.
public struct JoinerPairing: Sendable {
    /// What this exchange is about.
    public let context: PairingContext
    /// The reply to send (the same bytes on every repetition).
    public let reply: PairingReply
    /// The host's offer, as checked.
    public let offer: PairingOffer
    private let keys: DeviceKeys
    private let ephemeralSecret: [UInt8]
    private let transcript: [UInt8]

    /// Checks `offer` (the host's identity signed it for `context`) and answers it with `keys`. Throws
    /// when it is malformed or not signed by the identity it names for this context.
    public init(offer: PairingOffer, context: PairingContext, keys: DeviceKeys) throws(PairingError) {
        guard offer.commitment.count == 32 else { throw .malformed("commitment") }
        guard (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: offer.ephemeral)) != nil else { throw .malformed("ephemeral key") }
        let signed = PairingTranscript.offer(context, identity: offer.identity, ephemeral: offer.ephemeral, commitment: offer.commitment)
        guard DeviceKeys.isValid(signature: offer.signature[...], of: signed, by: offer.identity) else { throw .badSignature("offer") }
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let publicKey = Array(ephemeral.publicKey.rawRepresentation)
        let nonce = PairingTranscript.random(PairingTranscript.nonceLength)
        let transcript = PairingTranscript.hash(context, offer: offer, joiner: keys.identity, ephemeral: publicKey, nonce: nonce)
        self.context = context
        self.offer = offer
        self.keys = keys
        self.ephemeralSecret = Array(ephemeral.rawRepresentation)
        self.transcript = transcript
        self.reply = PairingReply(
            identity: keys.identity, ephemeral: publicKey, nonce: nonce, signature: keys.sign(PairingTranscript.replyLabel + transcript)
        )
    }

    /// Checks the host's `reveal` (signed over this transcript, opening the offer's commitment) and
    /// completes the exchange: the host's identity, the code to show, the key.
    public func complete(_ reveal: PairingReveal) throws(PairingError) -> PairingSession {
        guard reveal.nonce.count == PairingTranscript.nonceLength else { throw .malformed("nonce") }
        guard DeviceKeys.isValid(signature: reveal.signature[...], of: PairingTranscript.revealLabel + transcript + reveal.nonce, by: offer.identity) else {
            throw .badSignature("reveal")
        }
        guard PairingTranscript.commitment(ephemeral: offer.ephemeral, joiner: context.joiner, nonce: reveal.nonce) == offer.commitment else {
            throw .commitmentMismatch
        }
        guard let secret = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ephemeralSecret),
              let hostKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: offer.ephemeral),
              let shared = try? secret.sharedSecretFromKeyAgreement(with: hostKey)
        else { throw .malformed("ephemeral key") }
        return PairingSession(
            mate: offer.identity,
            code: PairingTranscript.code(transcript: transcript, hostNonce: reveal.nonce, joinerNonce: reply.nonce),
            key: PairingTranscript.key(shared: shared, transcript: transcript, hostNonce: reveal.nonce, joinerNonce: reply.nonce),
            transcript: transcript
        )
    }

    /// The person's decision, signed over this exchange.
    public func decide(accept: Bool, in session: PairingSession) -> PairingDecision {
        PairingDecision(accepted: accept, signature: keys.sign(PairingTranscript.decisionLabel + session.transcript + [accept ? 1 : 0]))
    }

    /// Whether `signature` is the host's, over this exchange, of the outcome `kind`.
    public func isValid(outcome kind: UInt8, signature: [UInt8], in session: PairingSession) -> Bool {
        DeviceKeys.isValid(signature: signature[...], of: PairingTranscript.outcomeLabel + session.transcript + [kind], by: offer.identity)
    }

    /// Checks the host's `grant` (signed over this exchange) and opens the race secrets in it.
    public func open(_ grant: PairingGrant, in session: PairingSession) throws(PairingError) -> RaceSecrets {
        guard grant.sealed.count == PairingGrant.sealedLength else { throw .malformed("sealed secrets") }
        guard DeviceKeys.isValid(signature: grant.signature[...], of: PairingTranscript.grantLabel + session.transcript + grant.sealed, by: offer.identity) else {
            throw .badSignature("grant")
        }
        guard let box = try? ChaChaPoly.SealedBox(combined: grant.sealed),
              let plain = try? ChaChaPoly.open(box, using: SymmetricKey(data: session.key), authenticating: session.transcript),
              let secrets = RaceSecrets(key: Array(plain.prefix(RaceSecrets.keyLength)), raceID: Array(plain.dropFirst(RaceSecrets.keyLength)))
        else { throw .sealBroken }
        return secrets
    }

    /// A request for chunk `index` of the host's course, signed over this exchange.
    public func courseRequest(index: UInt16, in session: PairingSession) -> CourseRequest {
        var writer = WireWriter(capacity: 2)
        writer.write(index)
        return CourseRequest(index: index, signature: keys.sign(PairingTranscript.courseRequestLabel + session.transcript + writer.bytes))
    }

    /// Whether `chunk` is the host's, over this exchange.
    public func isValid(_ chunk: CourseChunk, in session: PairingSession) -> Bool {
        DeviceKeys.isValid(
            signature: chunk.signature[...], of: PairingTranscript.courseChunkLabel + session.transcript + chunk.signedBytes, by: offer.identity
        )
    }
}
