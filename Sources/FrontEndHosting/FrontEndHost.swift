import Foundation
import FrontEndABI
import FrontEndKit
import Presentation
import Synchronization

/// Loads front-end plugins with `dlopen` through the C ABI of `materunner_frontend.h`, hands every
/// frame to each of them, and collects the input events they send back. Plugins are never unloaded.
///
/// `deliver` must be called from one task at a time: the ABI promises plugins serial calls.
// @unchecked: `hostRecord` is written once in init and only read after; `plugins` is behind a Mutex.
public final class FrontEndHost: @unchecked Sendable {
    /// A loaded front-end.
    public struct Plugin: @unchecked Sendable {
        /// The library file.
        public let path: String
        /// The descriptor's name.
        public let name: String
        /// The descriptor's version.
        public let version: String
        /// What `--frontend` named it by (a name or a path).
        public let spec: String
        fileprivate let descriptor: UnsafeRawPointer
        fileprivate let instance: UnsafeMutableRawPointer
    }

    /// The ABI version this host speaks (`MR_FRONTEND_ABI_VERSION`).
    public static let abiVersion = UInt32(MR_FRONTEND_ABI_VERSION)

    /// Where names given to `load` are looked for.
    public let searchPath: FrontEndSearchPath
    /// Input events from every front-end, e.g. the person pressed the stop key: one stream, for one
    /// reader (the `FrontEndBinder`). Finishes with `shutdown`.
    public let inputs: AsyncStream<FrontEndInputEvent>

    private let plugins = Mutex<[Plugin]>([])
    /// Serialises deliveries from every caller (the binder, `showLog`), as the ABI promises plugins.
    private let delivering = Mutex(())
    private let hostRecord: UnsafeMutablePointer<mr_frontend_host>
    private let sink: InputSink

    /// A host that looks for front-ends in `searchPath`.
    public init(searchPath: FrontEndSearchPath = .standard()) {
        self.searchPath = searchPath
        let (stream, continuation) = AsyncStream.makeStream(of: FrontEndInputEvent.self, bufferingPolicy: .bufferingNewest(64))
        inputs = stream
        sink = InputSink(continuation: continuation)
        hostRecord = .allocate(capacity: 1)
        hostRecord.initialize(to: mr_frontend_host(
            abi_version: UInt32(MR_FRONTEND_ABI_VERSION),
            context: Unmanaged.passUnretained(sink).toOpaque(),
            send_input: { context, json, length in
                guard let context, let json else { return 1 }
                let sink = Unmanaged<InputSink>.fromOpaque(context).takeUnretainedValue()
                return sink.receive(UnsafeRawBufferPointer(start: json, count: length)) ? 0 : 1
            }
        ))
    }

    /// Held around a front-end's `create` and, when it fails, the reason and status read after it. A
    /// library keeps the reason of its last failed create in one place (as `dlerror` once did), so two
    /// creates at once in this process (two hosts, or one host on two threads) would read each other's.
    private static let creating = NSLock()

    /// The front-ends loaded so far.
    public var loaded: [Plugin] { plugins.withLock { $0 } }

    /// Finds, loads and starts the front-end named by `spec` (a shipped name, a library name, or a path),
    /// giving it the `settings` meant for its descriptor's name (or for `spec`).
    @discardableResult
    public func load(_ spec: String, options: FrontEndOptions, settings: FrontEndSettings = .none) throws(FrontEndLoadError) -> Plugin {
        let candidates = searchPath.candidates(for: spec)
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            if spec.contains("/") { throw .cannotOpen(path: spec, reason: "no such file") }
            throw .notFound(name: spec, searched: candidates)
        }
        let descriptor = try Self.openDescriptor(path: path)
        let name = descriptor.pointee.name.map { String(cString: $0) } ?? spec
        var options = options
        options.settings = settings.settings(name: name, spec: spec)
        let optionBytes = (try? FrontEndCoding.encode(options)) ?? Array("{}".utf8)
        guard let create = descriptor.pointee.create else { throw .incompleteDescriptor(path: path) }
        Self.creating.lock()
        defer { Self.creating.unlock() }
        let instance = optionBytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { create(hostRecord, $0.baseAddress, $0.count) }
        }
        guard let instance else {
            let reason = descriptor.pointee.last_error?().map { String(cString: $0) } ?? "create returned NULL"
            throw .createFailed(path: path, reason: reason, status: FrontEndLibrary.failureStatus(path: path))
        }
        let plugin = Plugin(
            path: path,
            name: name,
            version: descriptor.pointee.version.map { String(cString: $0) } ?? "?",
            spec: spec,
            descriptor: UnsafeRawPointer(descriptor),
            instance: instance
        )
        plugins.withLock { $0.append(plugin) }
        return plugin
    }

    /// Hands `frame` to every front-end; returns the paths of those that rejected it.
    @discardableResult
    public func deliver(_ frame: FrontEndFrame) -> [String] {
        guard let bytes = try? FrontEndCoding.encode(frame) else { return loaded.map(\.path) }
        let loaded = self.loaded
        return delivering.withLock { _ in loaded.compactMap { plugin in
            let descriptor = plugin.descriptor.assumingMemoryBound(to: mr_frontend_descriptor.self)
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    descriptor.pointee.deliver?(plugin.instance, $0.baseAddress, $0.count) ?? 1
                }
            }
            return status == 0 ? nil : plugin.path
        } }
    }

    /// Whether a loaded front-end draws on the terminal (standard output, redrawn in place): log lines on
    /// the same terminal would scramble its board.
    public var ownsTerminal: Bool { terminalOwned.withLock { $0 } }
    let terminalOwned = Mutex(false)

    /// A log line as a notice on the front-ends, for while one owns the terminal, stamped `time` (the
    /// caller's clock, as the binder stamps every other frame); false once they are shut down (the line
    /// then belongs elsewhere).
    public func showLog(level: String, message: String, at time: Date) -> Bool {
        guard !loaded.isEmpty else { return false }
        deliver(FrontEndFrame(type: .notice, time: DisplayFormat.timestamp(time), level: level, message: message))
        return true
    }

    /// Destroys every front-end instance (they flush); the libraries stay loaded.
    public func shutdown() {
        let all = plugins.withLock { current in
            defer { current = [] }
            return current
        }
        for plugin in all {
            plugin.descriptor.assumingMemoryBound(to: mr_frontend_descriptor.self).pointee.destroy?(plugin.instance)
        }
        sink.finish()
    }

    /// The descriptor, its entry symbol and ABI version checked first (`FrontEndLibrary.descriptor`).
    private static func openDescriptor(path: String) throws(FrontEndLoadError) -> UnsafePointer<mr_frontend_descriptor> {
        let descriptor = try FrontEndLibrary.descriptor(path: path)
        guard descriptor.pointee.create != nil, descriptor.pointee.deliver != nil, descriptor.pointee.destroy != nil else {
            throw .incompleteDescriptor(path: path)
        }
        return descriptor
    }
}

/// Where plugins' input events land.
private final class InputSink: Sendable {
    private let continuation: AsyncStream<FrontEndInputEvent>.Continuation

    init(continuation: AsyncStream<FrontEndInputEvent>.Continuation) {
        self.continuation = continuation
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let event = try? FrontEndCoding.decode(FrontEndInputEvent.self, from: bytes) else { return false }
        if case .terminated = continuation.yield(event) { return false }
        return true
    }

    func finish() {
        continuation.finish()
    }
}
