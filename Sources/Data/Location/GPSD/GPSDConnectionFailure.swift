import Foundation
import NIOCore
import NIOPosix

/// Why a connection to gpsd failed, in a person's words: the system's reason (`connection refused`)
/// rather than SwiftNIO's `NIOConnectionError(… SingleConnectionFailure(…) …)` dump.
enum GPSDConnectionFailure {
    /// `error` in a few words.
    static func describe(_ error: any Error) -> String {
        if let connection = error as? NIOConnectionError {
            let reasons = connection.connectionErrors.map { describe($0.error) }
            if let first = reasons.first { return first }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil { return "the host name \(connection.host) is not known" }
            return "no address to connect to for \(connection.host)"
        }
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return "the connection timed out" }
        return String(describing: error)
    }
}
