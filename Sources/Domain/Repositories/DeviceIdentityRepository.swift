/// This device's long-term identity, as the flows need it: its public part (the private keys stay in
/// the layer that holds them), created on first use.
public protocol DeviceIdentityRepository: Sendable {
    /// This device's public identity; created (and stored) the first time it is asked for.
    func identity() throws -> MateIdentity
}
