import FrontEndKit
import WebFrontEndCore

/// The plugin's entry symbol: `--frontend web` loads this library and calls it.
@_cdecl("materunner_frontend_entry")
public func materunnerFrontendEntry() -> UnsafeRawPointer {
    FrontEndExport.descriptor(name: "web", version: "0.1.0") { host, options in
        try WebFrontEnd(host: host, options: options)
    }
}
