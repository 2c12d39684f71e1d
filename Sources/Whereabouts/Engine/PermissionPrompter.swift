/// The person, as the engine sees them: shown a prompt, they answer.
///
/// On Linux there is no system alert, so whoever embeds the engine supplies the person:
/// a terminal prompt in the CLI, a `ScriptedPerson` (from WhereaboutsTesting) in tests. The engine calls
/// ``answer(_:)`` once per prompt and applies what it returns.
public protocol PermissionPrompter: Sendable {
    /// Shows a prompt and returns the person's answer.
    ///
    /// An answer of another prompt's kind is treated as that prompt's decline.
    ///
    /// - Parameter prompt: The prompt to show.
    /// - Returns: The person's answer.
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer
}
