import CSodium
import Foundation

/// OwnTracks' payload encryption (booklet, "Payload encryption"): libsodium's `crypto_secretbox`
/// (XSalsa20-Poly1305) under a key that is the secret's UTF-8 bytes, zero-padded or cut to 32, and
/// `data` = base64(nonce ‖ MAC ‖ ciphertext) in `{"_type":"encrypted","data":...}`.
public struct OwnTracksCipher: Sendable {
    /// The 32-byte key.
    private let key: [UInt8]

    /// The cipher of the secret `passphrase` as the apps take it (at most 32 bytes count).
    public init(passphrase: String) {
        _ = Self.initialized
        var key = Array(passphrase.utf8.prefix(Int(crypto_secretbox_keybytes())))
        key += Array(repeating: 0, count: Int(crypto_secretbox_keybytes()) - key.count)
        self.key = key
    }

    /// The plaintext inside `box` (nonce ‖ MAC ‖ ciphertext); throws `undecryptable` when it is too short
    /// or does not open with this key.
    public func open(_ box: Data) throws(PhoneRefusal) -> Data {
        let nonceBytes = Int(crypto_secretbox_noncebytes())
        let macBytes = Int(crypto_secretbox_macbytes())
        guard box.count >= nonceBytes + macBytes else { throw .undecryptable }
        let bytes = [UInt8](box)
        // One byte more than the plaintext, so that an empty plaintext still has a buffer to point at.
        var plaintext = [UInt8](repeating: 0, count: bytes.count - nonceBytes - macBytes + 1)
        let status = bytes.withUnsafeBufferPointer { all in
            plaintext.withUnsafeMutableBufferPointer { out in
                key.withUnsafeBufferPointer { key in
                    guard let all = all.baseAddress, let out = out.baseAddress, let key = key.baseAddress else {
                        return Int32(-1)
                    }
                    return crypto_secretbox_open_easy(out, all + nonceBytes, UInt64(bytes.count - nonceBytes), all, key)
                }
            }
        }
        plaintext.removeLast()
        guard status == 0 else { throw .undecryptable }
        return Data(plaintext)
    }

    /// `plaintext` sealed under a fresh random nonce, as nonce ‖ MAC ‖ ciphertext.
    public func seal(_ plaintext: Data) -> Data {
        var nonce = [UInt8](repeating: 0, count: Int(crypto_secretbox_noncebytes()))
        let count = nonce.count
        randombytes_buf(&nonce, count)
        return seal(plaintext, nonce: nonce)
    }

    /// `plaintext` sealed under `nonce` (24 bytes; tests give their own), as nonce ‖ MAC ‖ ciphertext.
    public func seal(_ plaintext: Data, nonce: [UInt8]) -> Data {
        precondition(nonce.count == Int(crypto_secretbox_noncebytes()), "a secretbox nonce has 24 bytes")
        let message = [UInt8](plaintext)
        var sealed = [UInt8](repeating: 0, count: message.count + Int(crypto_secretbox_macbytes()))
        _ = sealed.withUnsafeMutableBufferPointer { out in
            key.withUnsafeBufferPointer { key in
                guard let out = out.baseAddress, let key = key.baseAddress else { return Int32(-1) }
                return crypto_secretbox_easy(out, message, UInt64(message.count), nonce, key)
            }
        }
        return Data(nonce + sealed)
    }

    /// The envelope the apps send: `{"_type":"encrypted","data":"BASE64"}` of `plaintext`.
    public func envelope(_ plaintext: Data) -> Data {
        Data(#"{"_type":"encrypted","data":"\#(seal(plaintext).base64EncodedString())"}"#.utf8)
    }

    /// libsodium's one-time set-up (safe to call again, and from any thread).
    private static let initialized: Int32 = sodium_init()
}
