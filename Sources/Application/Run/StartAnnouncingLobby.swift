import Domain

/// A lobby that tells the network the runner is busy as soon as its start is agreed: at `starting`
/// (the countdown's first second) `announce` runs once, so that discovery advertises `running` with
/// the race's id from the countdown on rather than `free` until the first fix, and a joiner begins
/// fetching a host's course it lacks while the countdown runs.
struct StartAnnouncingLobby: LobbyUseCase {
    let wrapped: any LobbyUseCase
    let announce: @Sendable (RaceStart) -> Void

    func events() -> AsyncThrowingStream<LobbyEvent, any Error> {
        let upstream = wrapped.events()
        let announce = self.announce
        return AsyncThrowingStream { continuation in
            let task = Task {
                var announced = false
                do {
                    for try await event in upstream {
                        if case .starting(let start) = event, !announced {
                            announced = true
                            announce(start)
                        }
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func answer(_ id: UInt32, accept: Bool) async throws {
        try await wrapped.answer(id, accept: accept)
    }

    func cancel() async {
        await wrapped.cancel()
    }
}
