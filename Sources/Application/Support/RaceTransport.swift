import Domain

/// What a run's flows need of the network under them: progress sync, lobby and cheer messages, and
/// the peer links (one UDP socket in Data; an in-memory network in tests).
public typealias RaceTransport = RaceSyncRepository & RaceMessagingRepository & RacePeersRepository
