/// Where a flow writes what a person reads: one line at a time, in order. The executable hands in
/// standard output (written per line, so a pipe sees each line as it happens); tests capture the lines.
public struct LineOutput: Sendable {
    private let sink: @Sendable (String) -> Void

    /// Lines go to `sink`, one call per line, without the line feed.
    public init(_ sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Writes one line.
    public func write(_ line: String) {
        sink(line)
    }

    /// Writes each of `lines`, in order.
    public func write(_ lines: [String]) {
        lines.forEach(sink)
    }
}
