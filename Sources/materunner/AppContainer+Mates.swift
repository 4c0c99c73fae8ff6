import Application
import Data
import Domain
import SyncWire

/// The identity and known mates, kept in the data directory (`identity.json`, `known-mates.json`).
extension AppContainer {
    /// This device's identity keys and known mates for an invited run (`--invite`, `--join`); nil for an
    /// open run. A damaged or too open identity file is a runtime error saying what to do.
    func makePairing(data: DataDirOptionGroup, invited: Bool) throws -> (keys: DeviceKeys, mates: KnownMatesStore)? {
        guard invited else { return nil }
        do {
            return (try IdentityStore(directory: data.directory).keys(), KnownMatesStore(directory: data.directory))
        } catch {
            throw FlowError(error, otherwise: .ioError)
        }
    }

    /// `mates`: list, forget, add, written to `output`.
    func makeMatesFlow(data: DataDirOptionGroup, output: LineOutput = .standardOutput) -> MatesFlow {
        MatesFlow(dependency: .init(
            identity: IdentityStore(directory: data.directory), mates: KnownMatesStore(directory: data.directory),
            parseIdentity: { text in
                MateIdentity.keys(fromText: text).flatMap { IdentityFingerprint.identity(signingKey: $0.signing, agreementKey: $0.agreement) }
            },
            output: output
        ))
    }
}
