/// What kind of fault stopped a command, in the classes of sysexits(3); the executable ends with the
/// class's status, so a script or a service manager can tell a typo from a missing daemon
/// (`materunner --help`, docs/CONFIG.md).
public enum Fault: Int32, Sendable, Equatable, CaseIterable {
    /// The run ended without a result: nobody came within the wait, the invitation was declined or not
    /// answered, the mates' race key differs (the one status outside sysexits: a plain failure).
    case noResult = 1
    /// The command was used wrongly: an option's value, an unknown id (EX_USAGE).
    case usage = 64
    /// Input data is wrong: a GPX file that is not GPX, a damaged records file (EX_DATAERR).
    case badData = 65
    /// An input file does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// A service is not there: avahi-daemon, a taken port (EX_UNAVAILABLE).
    case unavailable = 69
    /// An internal fault (EX_SOFTWARE).
    case software = 70
    /// An output file or folder cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed midway: a full disk, a closed output (EX_IOERR).
    case ioError = 74
    /// A service refused us: the MQTT broker's wrong password, a topic not allowed (EX_NOPERM).
    case noPermission = 77
    /// A config file or a MATERUNNER_* variable is wrong (EX_CONFIG).
    case config = 78

    /// The exit status.
    public var exitStatus: Int32 { rawValue }
}

/// An error that knows its class of fault.
public protocol ClassifiedFault: Error {
    var fault: Fault { get }
}

extension SettingsError: ClassifiedFault {
    /// An unknown `--profile` is the command line's fault; everything else the file's or the variable's.
    public var fault: Fault {
        if case .commandLine = origin { .usage } else { .config }
    }
}

extension RunExportError: ClassifiedFault {
    public var fault: Fault { .cannotCreate }
}
