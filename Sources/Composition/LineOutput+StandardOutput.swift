import Application
import Foundation

extension LineOutput {
    /// Standard output, each line written (not buffered) as it comes, as the flows' lines have always
    /// been: a pipe (`peers --watch --json | jq`) sees every line when it happens.
    public static let standardOutput = LineOutput { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Standard error, each line written as it comes.
    public static let standardError = LineOutput { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
