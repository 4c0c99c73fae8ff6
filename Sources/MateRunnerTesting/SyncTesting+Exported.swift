// The sync samples and test race keys live in SyncTesting (which needs no Data, for SyncCoreTests);
// every test target that imports MateRunnerTesting gets them as before.
@_exported import SyncTesting
