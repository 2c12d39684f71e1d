@testable import Whereabouts

/// The requests and streams the rule tests ask of the simulated OS directly, on its ticket and `for:` interface.
///
/// An app reaches the OS only through the one client logic (`LocationClient.simulated(os:source:)`); these helpers
/// let a test hold the OS to its rules without a location manager in between. Each submits a request and takes its
/// ticket's result: cancelling the awaiting task returns ``LocationError/cancelled`` at once, as
/// ``SimulatedOS/result(of:)`` does, and the prompt stays on screen.
extension SimulatedOS {
    /// Submits a When In Use request and waits for its outcome (rules 1–3).
    ///
    /// - Returns: The status after the request and how it ended.
    /// - Throws: The request's ``LocationError``, or ``LocationError/cancelled`` when the awaiting task is cancelled.
    func requestWhenInUseAuthorization() async throws -> AuthorizationOutcome {
        try Self.authorizationOutcome(await result(of: submit(.whenInUse)))
    }

    /// Submits an Always request and waits for its outcome (rule 4).
    ///
    /// - Returns: The status after the request and how it ended.
    /// - Throws: The request's ``LocationError``, or ``LocationError/cancelled`` when the awaiting task is cancelled.
    func requestAlwaysAuthorization() async throws -> AuthorizationOutcome {
        try Self.authorizationOutcome(await result(of: submit(.always)))
    }

    /// Submits a temporary full accuracy request and waits for its outcome (rule 5).
    ///
    /// - Parameter purposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary`.
    /// - Returns: The accuracy after the request and how it ended.
    /// - Throws: The request's ``LocationError``, or ``LocationError/cancelled`` when the awaiting task is cancelled.
    func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        switch await result(of: submit(.temporaryFullAccuracy(purposeKey: purposeKey))) {
        case .success(.accuracy(let outcome)): return outcome
        case .success(let other): throw TestRequestError(expected: "an accuracy outcome", got: other)
        case .failure(let error): throw error
        }
    }

    /// The app's authorization as the OS tells its location managers: the current value at once (rule 0), then each
    /// change, read from the `.didChangeAuthorization` events of ``events(withStandardFixes:)``.
    ///
    /// - Returns: The stream; cancelling it unsubscribes.
    func authorizationUpdates() async -> AsyncStream<Authorization> {
        let events = await events(withStandardFixes: false)
        return AsyncStream { continuation in
            let reader = Task {
                for await event in events {
                    if case .didChangeAuthorization(let authorization) = event { continuation.yield(authorization) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
    }

    /// The OS's live updates in batches from its own source, as a location manager reads them.
    ///
    /// - Returns: The stream of batches.
    func liveUpdateBatches() async -> AsyncThrowingStream<[LocationUpdate], any Error> {
        await liveUpdateBatches(for: nil)
    }

    private static func authorizationOutcome(
        _ completed: Result<RequestResult, LocationError>
    ) throws -> AuthorizationOutcome {
        switch completed {
        case .success(.authorization(let outcome)): return outcome
        case .success(let other): throw TestRequestError(expected: "an authorization outcome", got: other)
        case .failure(let error): throw error
        }
    }
}
