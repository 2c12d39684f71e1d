/// One ``ManagerClient/liveUpdates()`` consumer and what it was last told.
struct UpdateSubscriber {
    /// Where its updates go.
    let continuation: AsyncThrowingStream<LocationUpdate, any Error>.Continuation
    /// The diagnostics in its last update.
    var diagnostics: Set<Diagnostic>
    /// The authorization in its last update.
    var authorization: Authorization
}
