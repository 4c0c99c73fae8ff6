import FrontEndKit

#if canImport(Glibc)
import Glibc
#endif

/// A 16-bit mono PCM WAV file written front to back: sound placed at instants, silence between.
/// The header's sizes are filled in by `close()`.
final class WAVFile {
    private let fd: Int32
    private let path: String
    let sampleRate: Int
    /// Samples written so far (the file's length in samples).
    private(set) var length = 0

    /// Creates (or truncates) `path`.
    init(path: String, sampleRate: Int) throws(FrontEndError) {
        self.path = path
        self.sampleRate = sampleRate
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FrontEndError("audio: cannot write \(path) (\(String(cString: strerror(errno)))); give a file in a folder you can write to")
        }
        try write(header(dataBytes: 0))
    }

    /// Writes `samples` starting at `seconds`, after silence up to there (sound that would overlap
    /// what is already written starts where the file ends).
    func place(_ samples: ArraySlice<Int16>, at seconds: Double) throws(FrontEndError) {
        try pad(to: seconds)
        try write(samples.map(\.littleEndian).withUnsafeBytes { Array($0) })
        length += samples.count
    }

    /// Silence up to `seconds`.
    func pad(to seconds: Double) throws(FrontEndError) {
        let target = Int((seconds * Double(sampleRate)).rounded())
        while length < target {
            let count = min(target - length, sampleRate)
            try write([UInt8](repeating: 0, count: count * 2))
            length += count
        }
    }

    /// Fills in the header and closes the file.
    func close() throws(FrontEndError) {
        defer { Glibc.close(fd) }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure() }
        try write(header(dataBytes: length * 2))
    }

    private func header(dataBytes: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1)
            + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16) + Array("data".utf8) + le32(dataBytes)
    }

    private func write(_ bytes: [UInt8]) throws(FrontEndError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            offset += written
        }
    }

    private func failure() -> FrontEndError {
        FrontEndError("audio: cannot write \(path) (\(String(cString: strerror(errno)))); the race goes on without the file")
    }
}
