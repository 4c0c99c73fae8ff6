import Application
import ArgumentParser

/// How a command's `run()` ends with the status `Commands` returned, and how its `validate()` turns an
/// option value's refusal into argument-parser's usage error.
enum CommandRunner {
    /// Ends the command with `status`: nothing on 0, else that status (its line already written).
    static func end(with status: Int32) throws {
        if status != 0 { throw ExitCode(status) }
    }
}

/// Runs an option value's `check()`; its refusal is a usage error (exit 64) with its words.
func checked(_ check: () throws(RunOptionsError) -> Void) throws {
    do { try check() } catch { throw ValidationError(error.description) }
}
