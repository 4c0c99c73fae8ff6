#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width of a terminal, read again whenever asked, so that a front-end that asks before each
/// drawing follows resizes (SIGWINCH changes what the kernel answers, nothing else is needed).
public enum TerminalSize {
    /// The narrowest width front-ends lay out for; a narrower terminal gets lines cut to its width.
    public static let minimumColumns = 20

    /// The columns of the terminal behind `fd`, or nil when it is not a terminal or does not say.
    public static func columns(of fd: Int32) -> Int? {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fd, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The columns and rows of the terminal behind `fd`, or nil when it is not a terminal or does not say.
    public static func cells(of fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fd, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The width to lay out for: the terminal's current width when `fd` is one, else `fallback`
    /// (the `columns` option), else 80.
    public static func layoutColumns(fd: Int32, isTerminal: Bool, fallback: Int?) -> Int {
        let measured = isTerminal ? columns(of: fd) : nil
        return max(minimumColumns, measured ?? fallback ?? 80)
    }
}
