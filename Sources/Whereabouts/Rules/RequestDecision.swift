/// What a request does, decided by ``LocationPolicy`` (rule 0: every request ends in one of these).
///
/// A prompt, shown now or already on screen, completes the request when the person answers it (or when the prompt
/// is taken off the screen); the other two complete it at once.
package enum RequestDecision: Hashable, Sendable {
    /// Show this prompt with this message; the request completes when the person answers.
    case prompt(PermissionPrompt.Kind, message: String)
    /// Show nothing new: the prompt of this kind on screen already answers the request, which completes with the
    /// person's answer to it (two views asking at once, or a double tap, wait for the same answer).
    case joinPrompt(PermissionPrompt.Kind)
    /// Show nothing; the request completes now, this way.
    case complete(RequestResolution)
    /// Show nothing; the request fails with this error, which says what to fix.
    case fail(LocationError)

    /// The prompt this decision shows, if any.
    package var prompt: PermissionPrompt.Kind? {
        if case .prompt(let kind, _) = self { return kind }
        return nil
    }
}
