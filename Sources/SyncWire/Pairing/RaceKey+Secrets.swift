// MARK: The key of an invited race

extension RaceKey {
    /// The key of an invited race: the host's random 32-byte race key, used as the HMAC key as it is (it
    /// is uniformly random already), every tag covering the race id.
    public init(secrets: RaceSecrets) {
        self.init(keyBytes: secrets.key, raceID: secrets.raceID)
    }
}
