import Whereabouts

/// Answers given on the command line (`--answer`, `--precise`/`--approximate`, `--temporary-answer`).
struct CommandLinePrompter: PermissionPrompter {
    let answer: PromptAnswer
    let temporaryAnswer: PromptAnswer
    let alwaysAnswer: PromptAnswer
    let terminal: Terminal

    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        let given: PromptAnswer =
            switch prompt.kind {
            case .whenInUse: answer
            case .temporaryFullAccuracy: temporaryAnswer
            case .alwaysUpgrade: alwaysAnswer
            // The command line never taps a Location Button; were it asked, it declines.
            case .locationButton: .decline(.locationButton)
            }
        terminal.error("\(prompt.title) — answered \(given) (from the command line)")
        return given
    }
}
