import FrontEndABI

/// The host's side of the contract as a plugin sees it: the way back for input events.
/// Valid from `create` until `destroy`.
public struct FrontEndHostConnection: @unchecked Sendable {
    private let host: mr_frontend_host

    init(host: mr_frontend_host) {
        self.host = host
    }

    /// The ABI version the host speaks.
    public var abiVersion: UInt32 { host.abi_version }

    /// Sends one input event to the host; returns whether it was accepted.
    @discardableResult
    public func send(_ event: FrontEndInputEvent) -> Bool {
        guard let sendInput = host.send_input, let bytes = try? FrontEndCoding.encode(event) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sendInput(host.context, chars.baseAddress, chars.count) == 0
            }
        }
    }
}
