import ArgumentParser

/// `materunner mates`: this device's identity and the mates it paired with.
struct MatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mates",
        abstract: "Show this device's identity and the mates it paired with; forget or add one.",
        discussion: """
            A mate is paired when you accept its invitation after checking that the 6-digit code on both \
            screens is the same; later invitations from it show "paired" and --accept-from NAME accepts them. \
            Kept in the data directory (identity.json, known-mates.json, both mode 0600).
            """,
        subcommands: [List.self, Forget.self, Add.self],
        defaultSubcommand: List.self
    )
}
