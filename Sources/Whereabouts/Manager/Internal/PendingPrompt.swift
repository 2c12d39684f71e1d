/// An authorization prompt the client is waiting on, and the requests waiting for its answer; each waiter's
/// continuation is resumed exactly once. Which prompt it is (`.whenInUse`, also for Always from `.notDetermined`, or
/// `.alwaysUpgrade`) the client's policy holds, as the prompt on screen.
struct PendingPrompt {
    /// Identifies the prompt (the request that put it on screen).
    let id: Int
    /// The authorization when the request was made.
    let before: Authorization
    /// Whether the app resigned active since the request (a prompt covers it).
    var shown = false
    /// The requests waiting for the answer, by request identifier: the one that asked, and those that joined it.
    var waiters: [Int: CheckedContinuation<AuthorizationOutcome, any Error>]
}
