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

            Exit codes: 0 done; 64 a wrong option; 74 standard output or standard error could not be written \
            (the output is incomplete); each command's help lists its own.
            """,
        version: "0.1.0",
        subcommands: [Track.self, Consent.self, Simulate.self, Lint.self]
    )

    /// Runs the command as ArgumentParser's `main()` does, with every line written through ``StandardStream``:
    /// a command whose output could not be written exits with ``ArgumentParser/ExitCode/outputFailed`` rather
    /// than 0, and a failed write never traps.
    static func main() async {
        StandardStream.prepare()
        var code = ExitCode.success
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                (code.isSuccess ? StandardStream.output : StandardStream.error).write(message + "\n")
            }
        }
        if code.isSuccess,
            let failure = StandardStream.output.failureDescription ?? StandardStream.error.failureDescription
        {
            StandardStream.error.write("error: \(failure); the output is incomplete.\n")
            code = .outputFailed
        }
        Self.exit(withError: code)
    }
}
