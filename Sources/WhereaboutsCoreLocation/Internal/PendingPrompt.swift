import Whereabouts

/// An authorization prompt the adapter is waiting on; its continuation is resumed exactly once.
struct PendingPrompt {
    /// Identifies the request.
    let id: Int
    /// `.whenInUse` (also for Always from `.notDetermined`) or `.alwaysUpgrade`.
    let kind: PermissionPrompt.Kind
    /// The authorization when the request was made.
    let before: Authorization
    /// Whether the app resigned active since the request (a prompt covers it).
    var shown = false
    /// Where the outcome goes.
    let continuation: CheckedContinuation<AuthorizationOutcome, any Error>
}
