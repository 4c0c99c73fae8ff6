import AudioCues
import FrontEndKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The cue log file (`audio.cues=FILE`): `CueLog`'s lines, written as they become ready, from
/// whichever thread settles a cue.
final class CueLogFile: Sendable {
    private struct State {
        var log = CueLog()
        var failed = false
    }

    private let state = Mutex(State())
    private let output: FrontEndOutput
    private let path: String

    /// Creates (or truncates) `path`.
    init(path: String) throws(FrontEndError) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FrontEndError("audio: cannot write the cue log \(path) (\(String(cString: strerror(errno)))); give a file in a folder you can write to")
        }
        output = FrontEndOutput(fd: fd)
    }

    deinit {
        Glibc.close(output.fd)
    }

    /// Records `outcome` for `cue`; returns a sentence the first time writing fails.
    func settle(_ cue: Cue, _ outcome: CueOutcome) -> String? {
        state.withLock { state in
            let lines = state.log.settle(cue, outcome)
            guard !state.failed, !lines.isEmpty else { return nil }
            do {
                try output.write(lines.joined())
                return nil
            } catch {
                state.failed = true
                return "audio: cannot write the cue log \(path) (\(error)); the race goes on without it"
            }
        }
    }
}
