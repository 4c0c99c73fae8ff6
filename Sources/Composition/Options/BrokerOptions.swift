import Application
import Data

/// `--broker`, `--broker-ca`, `--broker-password-file`, `--group` and `--broker-lan`: a race through an MQTT broker
/// instead of the LAN (docs/BROKER.md), for `run`, `watch` and `peers`.
public struct BrokerOptions: Sendable, Equatable {
    /// `--broker mqtt://[USER@]HOST[:PORT]` (or mqtts://); nil: the LAN.
    public var url: String?
    /// `--broker-ca`: the CA certificate an mqtts:// broker's certificate must verify with.
    public var caFile: String?
    /// `--broker-password-file`: the user's password on its first line.
    public var passwordFile: String?
    /// `--group`: the group on the broker whose mates are raced and seen.
    public var group: String?
    /// `--broker-lan`: the LAN interface the broker's race also uses, as a shortcut.
    public var lan: String?

    /// Options; all nil: no broker.
    public init(
        url: String? = nil, caFile: String? = nil, passwordFile: String? = nil, group: String? = nil, lan: String? = nil
    ) {
        (self.url, self.caFile, self.passwordFile, self.group, self.lan) = (url, caFile, passwordFile, group, lan)
    }

    /// Throws saying which option is missing or wrong: the others only with `--broker`, which needs a
    /// broker URL, and a group's name when one is given. (Without `--group` only a run's phones may use the
    /// broker: `AppContainer.connectingBroker` says so.)
    public func check() throws(RunOptionsError) {
        guard let url else {
            if group != nil || caFile != nil || passwordFile != nil || lan != nil {
                throw RunOptionsError(
                    "--group, --broker-ca, --broker-password-file and --broker-lan go with --broker mqtt://HOST")
            }
            return
        }
        if let group, group.isEmpty {
            throw RunOptionsError("--broker needs --group NAME: the group whose mates you race")
        }
        do { _ = try BrokerURL(parsing: url) } catch { throw RunOptionsError(error.description) }
    }

    /// The broker's settings, group (nil without `--group`) and `--broker-lan`, with `--broker`; nil
    /// without. A password file that cannot be read throws saying what to do.
    public func settings() throws -> (settings: BrokerSettings, group: String?, lan: String?)? {
        guard let url else { return nil }
        return (try BrokerSettings.load(url: url, caFile: caFile, passwordFile: passwordFile), group, lan)
    }
}
