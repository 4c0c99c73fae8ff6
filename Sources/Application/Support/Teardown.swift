/// The one teardown path of a flow: every resource it opens registers how to release it, and
/// `run()` releases them all, newest first, once — whether the flow ended, failed or was stopped.
actor Teardown {
    private var steps: [@Sendable () async -> Void] = []
    private var done = false

    /// Releases `step` at teardown (at once when teardown already ran).
    func add(_ step: @escaping @Sendable () async -> Void) async {
        guard !done else { return await step() }
        steps.append(step)
    }

    /// Runs every step, newest first; later calls do nothing.
    func run() async {
        guard !done else { return }
        done = true
        while let step = steps.popLast() { await step() }
    }

    /// Runs `work`, then the teardown, whether `work` returned or threw.
    func around<Value: Sendable>(_ work: () async throws -> Value) async throws -> Value {
        do {
            let value = try await work()
            await run()
            return value
        } catch {
            await run()
            throw error
        }
    }
}
