import Whereabouts

/// Who answers the explanation `track` shows before the system prompt, as the app's user would: the person at the
/// terminal, or the command line (`--answer`; `--answer not-now` is "Not Now", any other answer "Continue").
///
/// `track` has none, and shows no explanation, with `--no-explanation` (an app that asks at once) and when nobody
/// can answer (standard input is not a terminal and no `--answer`).
enum ExplanationAnswerer: Sendable {
    /// The person at the terminal types the number of a button.
    case person(TerminalPrompter)
    /// The command line answered: `true` for "Continue".
    case commandLine(continues: Bool)

    /// Shows the explanation and returns whether the person chose "Continue".
    func answer(_ explanation: TerminalScreen, terminal: Terminal) async -> Bool {
        switch self {
        case .person(let prompter):
            return await prompter.explain(explanation)
        case .commandLine(let continues):
            let button = continues ? PermissionText.explanationAllow : PermissionText.explanationDecline
            terminal.error(
                "\(PermissionText.explanationTitle.defaultValue) — answered \(button.defaultValue) (from the command "
                    + "line)"
            )
            return continues
        }
    }
}
