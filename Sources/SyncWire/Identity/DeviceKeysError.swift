/// Why stored device keys could not be used.
public enum DeviceKeysError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a 32-byte Ed25519 and a 32-byte X25519 private key.
    case invalid

    /// What happened and what to do.
    public var description: String {
        "the stored identity keys are not valid Ed25519 / X25519 keys: move the identity file away and run again to make a new identity (mates will have to pair again)"
    }
}
