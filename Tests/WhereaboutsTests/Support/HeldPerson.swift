import Testing
import Whereabouts

/// A person who leaves each prompt on screen until the test answers it, for tests of what happens while a
/// prompt waits (a cancelled request, a second request).
actor HeldPerson: PermissionPrompter {
    private var onScreen: [(prompt: PermissionPrompt, reply: CheckedContinuation<PromptAnswer, Never>)] = []
    private var watchers: [CheckedContinuation<PermissionPrompt, Never>] = []
    /// The prompts shown so far, in order.
    private(set) var prompts: [PermissionPrompt] = []

    /// Holds the prompt until ``give(_:)``.
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        await withCheckedContinuation { reply in
            prompts.append(prompt)
            onScreen.append((prompt, reply))
            for watcher in watchers { watcher.resume(returning: prompt) }
            watchers = []
        }
    }

    /// Waits until a prompt is waiting for an answer, and returns it.
    func untilAsked() async -> PermissionPrompt {
        if let first = onScreen.first { return first.prompt }
        return await withCheckedContinuation { watchers.append($0) }
    }

    /// Answers the oldest prompt waiting; records an issue when none waits.
    ///
    /// - Parameter answer: The answer.
    func give(_ answer: PromptAnswer) {
        guard !onScreen.isEmpty else {
            Issue.record("no prompt is waiting for an answer")
            return
        }
        onScreen.removeFirst().reply.resume(returning: answer)
    }
}
