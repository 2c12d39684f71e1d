/// A pending ``ManagerClient/requestLocation()``.
struct LocationRequest {
    /// Where the location goes.
    let continuation: CheckedContinuation<Location, any Error>
    /// The time since the request.
    let elapsed: @MainActor @Sendable () -> Duration
}
