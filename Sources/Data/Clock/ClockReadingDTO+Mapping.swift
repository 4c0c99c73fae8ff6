import Domain

extension ClockReadingDTO {
    /// The Domain entity: seconds instead of milliseconds, and a source a person can read.
    func toDomain() -> ClockReading {
        ClockReading(
            currentDateTime: currentDateTime,
            offsetSeconds: offsetMilliseconds / 1000,
            uncertaintySeconds: uncertaintyMilliseconds.map { $0 / 1000 },
            source: source == "agreed" ? "agreed race clock" : source == "host" ? "agreed race clock (host)" : "system clock"
        )
    }
}
