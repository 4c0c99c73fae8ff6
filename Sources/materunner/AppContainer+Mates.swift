import Application
import Data
import Domain
import SyncWire

/// The identity and known mates, kept in the data directory (`identity.json`, `known-mates.json`).
extension AppContainer {
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
