/// What a `RunRecorder` has gathered since its last checkpoint.
struct PendingCheckpoint: Sendable {
    /// Route points not written yet.
    var route: [RoutePoint] = []
    /// Progress samples not written yet.
    var samples: [ProgressSample] = []
    /// Cheers not written yet.
    var cheers: [RecordedCheer] = []
}
