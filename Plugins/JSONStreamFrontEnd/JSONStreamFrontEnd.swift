import FrontEndKit

/// Newline-delimited JSON: every frame as one compact JSON object on its own line, written and
/// flushed at once, so `materunner run --frontend json | jq ...` sees each event as it happens.
/// When its input (standard input) is a pipe or a file, it reads input events the same way, one JSON
/// object per line (`{"type":"accept","invitation":"42"}`), and hands them to the host: a program can
/// drive a run as a person at a terminal would.
///
/// Each frame is written as the host encoded it (a `RawFrameFrontEnd`): the host's encoding is the one
/// encoding of frames (`FrontEndCoding`, compact, keys sorted), so decoding and encoding it again would
/// only cost time, and frame types or fields of later schema-1 versions pass through unchanged.
final class JSONStreamFrontEnd: RawFrameFrontEnd {
    private let output: FrontEndOutput
    private let input: InputLineReader?

    init(host: FrontEndHostConnection, options: FrontEndOptions) {
        output = FrontEndOutput(fd: options.outputFD)
        input = options.inputFD.map { fd in
            InputLineReader(fd: fd) { line in
                guard let event = try? FrontEndCoding.decode(FrontEndInputEvent.self, from: Array(line.utf8)) else { return }
                host.send(event)
            }
        }
    }

    func deliver(json: UnsafeRawBufferPointer) throws {
        try output.write(bytes: json, terminator: UInt8(ascii: "\n"))
    }

    func deliver(_ frame: FrontEndFrame) throws {
        let bytes = try FrontEndCoding.encode(frame)
        try bytes.withUnsafeBytes { try deliver(json: $0) }
    }

    func close() {
        input?.stop()
    }
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "json", version: "0.2.0") { host, options in
        // No --frontend-option keys yet: any one given is a mistake to report, not to ignore.
        try options.checkSettings(of: "json", known: [:])
        return JSONStreamFrontEnd(host: host, options: options)
    }
}
