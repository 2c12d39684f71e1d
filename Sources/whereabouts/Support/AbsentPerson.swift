import Whereabouts

/// Nobody to ask: every prompt is declined, and the command says how to answer.
struct AbsentPerson: PermissionPrompter {
    let terminal: Terminal

    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        terminal.error(
            "\(prompt.title) — nobody can answer (standard input is not a terminal); declined. "
                + "Pass --answer to answer from the command line."
        )
        return .decline(prompt.kind)
    }
}
