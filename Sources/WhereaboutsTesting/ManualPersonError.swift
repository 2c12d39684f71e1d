/// What ``ManualPerson/nextPrompt(fileID:filePath:line:column:)`` throws after failing the test.
///
/// ```swift
/// await #expect(throws: ManualPersonError.noPromptShown(within: .seconds(60))) {
///     try await person.nextPrompt()
/// }
/// ```
public struct ManualPersonError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Reason: Hashable, Sendable {
        case noPromptShown(within: Duration)
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    /// No prompt was shown within the person's time limit.
    ///
    /// - Parameter timeLimit: The person's ``ManualPerson/timeLimit``.
    /// - Returns: The error.
    public static func noPromptShown(within timeLimit: Duration) -> Self {
        Self(.noPromptShown(within: timeLimit))
    }

    /// What went wrong and what to do, e.g. "no permission prompt was shown within 10.0 seconds; …".
    public var description: String {
        switch reason {
        case .noPromptShown(let timeLimit):
            "no permission prompt was shown within \(timeLimit); check that the code under test asks for "
                + "authorization and that the app is in the foreground (iOS shows no prompt to an app in the "
                + "background), or give the ManualPerson a longer timeLimit"
        }
    }
}
