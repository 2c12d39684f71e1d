/// One ``ManagerClient/liveUpdates()`` or ``ManagerClient/liveUpdateBatches()`` consumer and what it was last told.
struct UpdateSubscriber {
    /// Where its updates wait: bounded, and never holding a fix the app may no longer receive.
    let mailbox: UpdateMailbox
    /// The diagnostics in its last update.
    var diagnostics: Set<Diagnostic>
    /// The authorization in its last update.
    var authorization: Authorization
}
