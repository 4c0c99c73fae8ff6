import Application
import Data
import Domain
import SyncWire

/// The identity and known mates, kept in the data directory (`identity.json`, `known-mates.json`).
extension AppContainer {
    /// This device's identity keys and known mates, for an invited run (`--invite`, `--join`) or a
    /// spectator without a race key. A damaged or too open identity file is a runtime error saying what to do.
    func makePairing(data: DataDirOptions) throws -> DevicePairing<DeviceKeys> {
        do {
            let identity = try IdentityStore(directory: data.directory).keys()
            return DevicePairing(identity: identity, mates: KnownMatesStore(directory: data.directory))
        } catch {
            throw FlowError(error, otherwise: .ioError)
        }
    }

    /// `mates`: list, forget, add, written to `output`.
    func makeMatesFlow(data: DataDirOptions, output: LineOutput = .standardOutput) -> MatesFlow {
        MatesFlow(dependency: .init(
            identity: IdentityStore(directory: data.directory), mates: KnownMatesStore(directory: data.directory),
            parseIdentity: { text in
                MateIdentity.keys(fromText: text).flatMap {
                    IdentityFingerprint.identity(signingKey: $0.signing, agreementKey: $0.agreement)
                }
            },
            output: output
        ))
    }
}
