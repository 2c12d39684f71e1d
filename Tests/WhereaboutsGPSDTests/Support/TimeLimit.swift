/// The operation's time ran out.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// What was being waited for.
    var what: String
    /// The limit.
    var limit: Duration

    var description: String { "\(what) did not happen within \(limit)" }
}

/// Runs an operation, cancelling it when it takes longer than a limit.
///
/// - Parameters:
///   - limit: The most real time the operation may take.
///   - what: What is waited for, for the error.
///   - operation: The work; it must stop when cancelled.
/// - Returns: The operation's result.
/// - Throws: ``TimeLimitExceeded`` when time runs out, or what the operation throws.
func withTimeLimit<Value: Sendable>(
    _ limit: Duration,
    waitingFor what: String,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() ?? nil else {
            throw TimeLimitExceeded(what: what, limit: limit)
        }
        return value
    }
}
