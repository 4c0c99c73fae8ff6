import Domain
import Testing

@Suite("Layered settings: which setting applies")
struct LayeredSettingsTests {
    private func entry(_ key: String, _ value: String, profile: String? = nil, command: [String] = [], file: String) -> SettingsFile.Entry {
        .init(scope: .init(profile: profile, command: command), setting: Setting(key: key, value: .text(value), origin: .file(path: file, line: 1)))
    }

    @Test("environment over the user's file over the system's; a profile's and a command's tables over plainer ones")
    func precedence() {
        let user = SettingsFile(path: "user", entries: [
            entry("name", "user-top", file: "user"),
            entry("name", "user-run", command: ["run"], file: "user"),
            entry("source", "user-pi", profile: "pi", file: "user"),
            entry("goal", "user-top", file: "user"),
        ], profiles: ["pi"])
        let system = SettingsFile(path: "system", entries: [
            entry("source", "system-pi-run", profile: "pi", command: ["run"], file: "system"),
            entry("goal", "system-run", command: ["run"], file: "system"),
            entry("frontend", "system", file: "system"),
        ], profiles: ["pi"])
        let layers = LayeredSettings(
            environment: [Setting(key: "goal", value: .text("env"), origin: .environment(variable: "MATERUNNER_GOAL"))],
            files: [user, system]
        )
        let run = layers.resolve(command: ["run"], profile: "pi")
        #expect(run["name"]?.value == .text("user-run"))
        // A file's profile beats its plain tables, but a more important file beats a less important one.
        #expect(run["source"]?.value == .text("user-pi"))
        #expect(run["goal"]?.value == .text("env"))
        #expect(run["frontend"]?.value == .text("system"))
        // Without the profile, its tables do not apply.
        #expect(layers.resolve(command: ["run"], profile: nil)["source"] == nil)
        // Another command: only the tables around it.
        #expect(layers.resolve(command: ["watch"], profile: nil)["name"]?.value == .text("user-top"))
        #expect(layers.defines(profile: "pi") && !layers.defines(profile: "bob"))
    }

    @Test("a subcommand's table beats its command's")
    func subcommands() {
        let file = SettingsFile(path: "f", entries: [
            entry("data-dir", "records", command: ["records"], file: "f"),
            entry("data-dir", "list", command: ["records", "list"], file: "f"),
        ], profiles: [])
        let layers = LayeredSettings(environment: [], files: [file])
        #expect(layers.resolve(command: ["records", "list"], profile: nil)["data-dir"]?.value == .text("list"))
        #expect(layers.resolve(command: ["records", "show"], profile: nil)["data-dir"]?.value == .text("records"))
    }
}
