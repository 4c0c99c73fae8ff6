import FrontEndKit

/// Newline-delimited JSON: every frame as one compact JSON object on its own line, written and
/// flushed at once, so `materunner run --frontend json | jq ...` sees each event as it happens.
final class JSONStreamFrontEnd: FrontEnd {
    private let output: FrontEndOutput

    init(options: FrontEndOptions) {
        output = FrontEndOutput(fd: options.outputFD)
    }

    func deliver(_ frame: FrontEndFrame) throws {
        let bytes = try FrontEndCoding.encode(frame)
        try output.write(String(decoding: bytes, as: UTF8.self) + "\n")
    }

    func close() {}
}

/// The plugin's entry symbol.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "json", version: "0.2.0") { _, options in
        JSONStreamFrontEnd(options: options)
    }
}
