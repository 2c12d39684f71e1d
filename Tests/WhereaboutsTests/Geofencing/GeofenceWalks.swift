import WhereaboutsTestSupport

@testable import Whereabouts

/// The walks of ``GeofencePlannerWalkTests``, each made once for the whole suite: several tests read the walk of one
/// budget, and each walk is seconds of computation (ten times that under ThreadSanitizer).
actor GeofenceWalks {
    /// The walks of this test process.
    static let shared = GeofenceWalks()

    private var runs: [String: Task<GeofenceRun, any Error>] = [:]

    /// The walk of `fixes` through `fences` under a budget, on a monitor that repeats itself when `quirky`, made on
    /// first use off the cooperative pool (``computeOffThePool(_:)``).
    ///
    /// - Parameters:
    ///   - fences: The fences.
    ///   - fixes: The walk's fixes.
    ///   - budget: The conditions allowed.
    ///   - quirky: Whether the system delivers each event twice and re-emits unchanged states.
    ///   - key: Tells walks of different fences or fixes apart.
    /// - Returns: The finished run.
    /// - Throws: What starting the walk's thread throws.
    func run(
        fences: [Geofence],
        fixes: [Location],
        budget: Int,
        quirky: Bool,
        key: String
    ) async throws -> GeofenceRun {
        let name = "\(key) \(budget) \(quirky)"
        if let made = runs[name] { return try await made.value }
        let making = Task {
            try await computeOffThePool {
                var run = GeofenceRun(fences: fences, budget: budget)
                if quirky {
                    run.monitor.copies = 2
                    run.monitor.reemitsUnchangedStates = true
                }
                for fix in fixes { run.step(fix) }
                return run
            }
        }
        runs[name] = making
        return try await making.value
    }
}
