import ArgumentParser

/// The `whereabouts` command: location permissions the way iOS has them, on any machine.
@main
struct Whereabouts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whereabouts",
        abstract: "Ask for a person's location the right way: authorization, accuracy, and what an app may see.",
        discussion: """
            Whereabouts carries iOS's location-permission rules (its authorization engine) so they can run and \
            be tested anywhere. Start with `whereabouts simulate`, which walks the whole flow.
            """,
        version: "0.1.0",
        subcommands: [Track.self, Consent.self, Simulate.self, Lint.self]
    )
}
