import Data
import Domain
import Testing

// Installing an executor changes the whole process, so these tests only read the choice; the end-to-end
// tests run the real binary, which installs the loop, and `ExecutorChoiceEndToEndTests` both choices.
@Suite("The process's executor, as the environment chooses it")
struct ProcessExecutorTests {
    @Test("unset or empty: the event loop; loop and pool in any case")
    func choices() throws {
        #expect(try ProcessExecutor.choice(environment: [:]) == .loop)
        #expect(try ProcessExecutor.choice(environment: ["MATERUNNER_EXECUTOR": ""]) == .loop)
        #expect(try ProcessExecutor.choice(environment: ["MATERUNNER_EXECUTOR": "loop"]) == .loop)
        #expect(try ProcessExecutor.choice(environment: ["MATERUNNER_EXECUTOR": "Pool"]) == .pool)
    }

    @Test("another value is an error that names it and the values known, a config fault; installing it installs nothing")
    func unknown() {
        #expect {
            _ = try ProcessExecutor.choice(environment: ["MATERUNNER_EXECUTOR": "threads"])
        } throws: { error in
            "\(error)" == "MATERUNNER_EXECUTOR=threads names no executor: set it to loop or pool, or unset it"
                && (error as? ProcessExecutorError)?.fault == .config
        }
        #expect(throws: ProcessExecutorError.self) {
            try ProcessExecutor.install(environment: ["MATERUNNER_EXECUTOR": "threads"])
        }
        #expect(ProcessExecutor.installed == .pool)
    }
}
