import Domain

/// Why the broker transport could not start or go on (docs/BROKER.md).
public enum BrokerError: Error, Equatable, CustomStringConvertible {
    /// `--broker` is not `mqtt://[USER@]HOST[:PORT]` or `mqtts://…`.
    case badURL(String, reason: String)
    /// The password file cannot be read, or is empty.
    case cannotReadPassword(path: String, reason: String)
    /// The broker is not there: refused, unknown host, no route, no answer.
    case unreachable(BrokerURL, reason: String)
    /// The broker refused the login (a wrong user or password) or a topic (NOPERM).
    case notAuthorized(BrokerURL, reason: String)
    /// The TLS handshake failed: the broker's certificate does not verify with the CA file.
    case tlsFailed(BrokerURL, caFile: String?, reason: String)
    /// The broker answered but refused the connection for `reason`.
    case refused(BrokerURL, reason: String)
    /// libmosquitto itself failed (out of memory, a bad setting).
    case client(String)
    /// `--broker-lan` names no interface the LAN's multicast can use, for `reason`.
    case badLANInterface(String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .badURL(text, reason):
            "--broker \(text): \(reason) (mqtt://[USER@]HOST[:PORT] or mqtts://…)"
        case let .cannotReadPassword(path, reason):
            "cannot read the broker's password from \(path): \(reason)"
        case let .unreachable(url, reason):
            "cannot reach the MQTT broker at \(url): \(reason); check that the broker runs there and the address in --broker"
        case let .notAuthorized(url, reason):
            "the MQTT broker at \(url) refused \(url.user.map { "user \($0)" } ?? "us (no user given)"): \(reason); check the user in --broker and the password file (--broker-password-file)"
        case let .tlsFailed(url, caFile, reason):
            if let caFile {
                "the MQTT broker at \(url) (host \(url.host)) has a certificate that does not verify with the CA file \(caFile): \(reason); give the CA that signed the broker's certificate (--broker-ca), and a host name the certificate names"
            } else {
                "the MQTT broker at \(url) (host \(url.host)) has a certificate that does not verify with the system's CAs: \(reason); give the CA that signed it with --broker-ca FILE"
            }
        case let .refused(url, reason):
            "the MQTT broker at \(url) refused the connection: \(reason)"
        case let .client(reason):
            "the MQTT client failed: \(reason)"
        case let .badLANInterface(name, reason):
            "--broker-lan \(name): \(reason); give the interface of your mates' LAN (ip -brief address)"
        }
    }
}

extension BrokerError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .badURL, .badLANInterface: .usage
        case .cannotReadPassword: .noInput
        case .unreachable, .refused, .tlsFailed: .unavailable
        case .notAuthorized: .noPermission
        case .client: .software
        }
    }
}
