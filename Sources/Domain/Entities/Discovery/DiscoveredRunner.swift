/// A runner found on the network (over DNS-SD on a LAN), as the application needs it: who, where,
/// and whether it can be invited.
public struct DiscoveredRunner: Sendable, Hashable {
    /// The service instance name: unique on the network, the key a `lost` event names.
    public var instance: String
    /// The runner id it advertises; nil when its advertisement has none (not one of ours).
    public var runnerID: RunnerID?
    /// Its display name (the instance name when it advertises none).
    public var name: String
    /// The host's DNS name, e.g. `laptop.local.`.
    public var hostName: String
    /// Where its race sync listens.
    public var address: PeerAddress
    /// What it is doing; nil when its advertisement says nothing we know.
    public var state: MateState?
    /// The race it runs, while running.
    public var raceID: String?
    /// The protocol version it speaks, when advertised.
    public var version: Int?
    /// The terms it runs (or invites) under, when advertised: a runner waiting for an invitation has
    /// none of its own. The course is its file's name only.
    public var mode: RaceMode?
    public var goal: RaceGoal?
    public var course: String?
    public var speedup: Double?

    /// A runner as found.
    public init(
        instance: String, runnerID: RunnerID?, name: String, hostName: String, address: PeerAddress,
        state: MateState?, raceID: String? = nil, version: Int? = nil,
        mode: RaceMode? = nil, goal: RaceGoal? = nil, course: String? = nil, speedup: Double? = nil
    ) {
        (self.mode, self.goal, self.course, self.speedup) = (mode, goal, course, speedup)
        self.instance = instance
        self.runnerID = runnerID
        self.name = name
        self.hostName = hostName
        self.address = address
        self.state = state
        self.raceID = raceID
        self.version = version
    }
}

/// Whether a runner on the network can be invited.
public enum MateState: String, Sendable, Hashable, CaseIterable {
    /// Can be invited.
    case free
    /// Has a pending invitation.
    case invited
    /// In a race; cannot be invited.
    case running
}

/// A change in what mate discovery sees.
public enum MateEvent: Sendable, Hashable {
    /// A runner appeared and was resolved to an address.
    case found(DiscoveredRunner)
    /// A known runner's advertisement changed (it started running, ...).
    case updated(DiscoveredRunner)
    /// A runner went away (it exited, or its address expired from the network's cache).
    case lost(instance: String)
}
