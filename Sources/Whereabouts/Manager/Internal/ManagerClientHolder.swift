import Foundation

/// Makes the adapter on first use, on the main actor, so a client can be built anywhere (a
/// dependency's `liveValue` is built on whatever thread first reads it) while Core Location's manager
/// is still created on the main thread, which it needs to deliver callbacks.
@MainActor
package final class ManagerClientHolder {
    private let make: @MainActor @Sendable () -> ManagerClient
    private var made: ManagerClient?
    /// The made adapter's authorization box, for readers off the main actor.
    private nonisolated let published = LockedValue<LockedValue<Authorization>?>(nil)
    /// The authorization before the adapter is made, read without waiting.
    private nonisolated let beforeFirstUse: @Sendable () -> Authorization

    /// Creates a holder that makes its adapter with `make` on first use.
    ///
    /// - Parameters:
    ///   - beforeFirstUse: The authorization to report off the main actor before the adapter is made (the
    ///     simulated OS knows it at once; on a device it is `.notDetermined` until Core Location is asked).
    ///   - make: Builds the adapter; called once, on the main actor.
    package nonisolated init(
        beforeFirstUse: @escaping @Sendable () -> Authorization = {
            Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        },
        _ make: @escaping @MainActor @Sendable () -> ManagerClient
    ) {
        self.beforeFirstUse = beforeFirstUse
        self.make = make
    }

    /// The adapter, made now if this is the first use.
    var adapter: ManagerClient {
        if let made { return made }
        let adapter = make()
        made = adapter
        published.current = adapter.snapshot
        return adapter
    }

    /// Runs an endpoint on the adapter, and returns once what it asked of the manager has reached the OS (a simulated
    /// manager's calls are queued), so a client call's effects hold when it returns.
    ///
    /// - Parameter body: The endpoint.
    /// - Returns: What the endpoint returned.
    /// - Throws: What the endpoint threw.
    func run<Value>(_ body: (ManagerClient) async throws -> Value) async rethrows -> Value {
        let adapter = adapter
        let value = try await body(adapter)
        await adapter.manager.settle()
        return value
    }

    /// The authorization the app was last told of, without waiting: on the main thread read from the adapter
    /// (made now if needed, as `CLLocationManager.authorizationStatus` reads the manager); elsewhere the last value
    /// the adapter published, or the holder's `beforeFirstUse` before the adapter was first used.
    nonisolated func authorizationSnapshot() -> Authorization {
        if Thread.isMainThread {
            return MainActor.assumeIsolated { adapter.snapshot.current }
        }
        return published.current?.current ?? beforeFirstUse()
    }
}
