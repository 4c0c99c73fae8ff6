import Data
import Domain
import Foundation
import Testing

/// OwnTracks' payload encryption with libsodium's secretbox: the apps' key (the secret's bytes,
/// zero-padded or cut to 32), their envelope, and what a keyed source refuses.
@Suite("OwnTracks encryption: secretbox envelopes opened, plaintext refused while keyed")
struct OwnTracksCipherTests {
    static let location =
        #"{"_type":"location","lat":46.05121,"lon":14.50624,"tst":1764583200,"acc":5,"vel":11,"tid":"JJ"}"#
    let cipher = OwnTracksCipher(passphrase: "race-day-secret")

    @Test(
        "A vector sealed by PyNaCl (libsodium's Python binding) opens, and sealing it again gives the same box"
    )
    func crossCheckedVector() throws {
        // /usr/bin/python3: nacl.secret.SecretBox(b"race-day-secret".ljust(32, b"\0"))
        //     .encrypt(message, bytes(range(24))), base64.
        let vector =
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXip6z5r56hmuAKOvaY6a8ZCPnrCM8uONFOyscxrNmXHoOBF16H96ujGLa70H8+xZt7CLzDrWc"
            + "OVThL6cDplZBzQLQ/K+RK1QYDU6Wd39WDGfeVzrT9DiA4wcFMjy/ms3Bqqhglx31peqChtSEZ2Ql"
        let box = try #require(Data(base64Encoded: vector))
        #expect(try cipher.open(box) == Data(Self.location.utf8))
        #expect(cipher.seal(Data(Self.location.utf8), nonce: Array(0..<24)) == box)
    }

    @Test("An envelope the apps would send decodes to the location inside")
    func envelopeRoundTrip() throws {
        let envelope = cipher.envelope(Data(Self.location.utf8))
        let position = try OwnTracksDecoder(cipher: cipher).position(in: envelope)
        #expect(position.report.coordinate == Coordinate(latitude: 46.05121, longitude: 14.50624))
        #expect(position.report.time == Date(timeIntervalSince1970: 1_764_583_200))
    }

    @Test(
        "The key is the first 32 bytes: a longer secret with the same 32 opens; another key or an altered box does not")
    func keyRules() throws {
        let long = OwnTracksCipher(passphrase: String(repeating: "k", count: 32) + "ignored")
        let box = long.seal(Data(Self.location.utf8))
        #expect(
            try OwnTracksCipher(passphrase: String(repeating: "k", count: 32) + "other").open(box)
                == Data(Self.location.utf8))
        #expect(throws: PhoneRefusal.undecryptable) { try cipher.open(box) }
        var altered = box
        altered[altered.count - 1] ^= 1
        #expect(throws: PhoneRefusal.undecryptable) { try long.open(altered) }
        #expect(throws: PhoneRefusal.undecryptable) { try long.open(Data(count: 39)) }
    }

    @Test("With a key set, plaintext is refused, whatever its type; an envelope under another key is undecryptable")
    func keyedRefusals() {
        let decoder = OwnTracksDecoder(cipher: cipher)
        #expect(throws: PhoneRefusal.plaintext) { try decoder.position(in: Data(Self.location.utf8)) }
        #expect(throws: PhoneRefusal.plaintext) { try decoder.position(in: Data(#"{"_type":"lwt","tst":1}"#.utf8)) }
        let other = OwnTracksCipher(passphrase: "another").envelope(Data(Self.location.utf8))
        #expect(throws: PhoneRefusal.undecryptable) { try decoder.position(in: other) }
        let card = cipher.envelope(Data(#"{"_type":"card","tid":"JJ","name":"Jane"}"#.utf8))
        #expect(throws: PhoneRefusal.notLocation) { try decoder.position(in: card) }
    }
}
