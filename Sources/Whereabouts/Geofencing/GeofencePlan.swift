public import Foundation

/// Which fences the system monitors around one position, and the wake ring that says when to choose again.
///
/// The plan holds the fences whose boundaries are nearest the position, as many as the budget of conditions
/// allows less one, and a circle around the position, the wake ring, small enough that no other fence's boundary
/// lies within it: the person leaves the ring, and the app re-plans, before crossing a fence it does not monitor.
/// Where more fences crowd around the position than the budget holds, the ring cannot shrink below
/// ``GeofenceOptions/wakeRingMinimumRadius``, and ``atRisk`` counts the fences that may then be crossed unmonitored.
///
/// ```swift
/// let plan = planner.plan
/// #expect(plan.fenceIDs.count + 1 <= 20)
/// #expect(plan.atRisk == 0)
/// ```
public struct GeofencePlan: Hashable, Sendable {
    /// The circle around the device whose exit wakes the app to re-plan.
    public struct WakeRing: Hashable, Sendable {
        /// The identifier of the ring's condition, new for each ring so a late exit of an old one is not taken
        /// for the current one's.
        public var identifier: String
        /// The position the plan was made at.
        public var center: Coordinate
        /// The ring's radius in metres.
        public var radius: Double

        /// Creates a wake ring.
        ///
        /// - Parameters:
        ///   - identifier: The ring's condition identifier.
        ///   - center: The position the plan was made at.
        ///   - radius: The radius in metres.
        public init(identifier: String, center: Coordinate, radius: Double) {
            self.identifier = identifier
            self.center = center
            self.radius = radius
        }
    }

    /// The monitored fences' ids, nearest boundary first.
    public var fenceIDs: [String]
    /// The wake ring, or `nil` when the budget has no room for one.
    public var ring: WakeRing?
    /// How many unmonitored fences have a boundary within the ring plus ``GeofenceOptions/ringMargin``: zero
    /// unless more fences crowd around the position than the budget holds.
    public var atRisk: Int
    /// When the fix the plan was made from was taken.
    public var date: Date

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - fenceIDs: The monitored fences' ids, nearest boundary first.
    ///   - ring: The wake ring, if any.
    ///   - atRisk: The unmonitored fences within the ring plus its margin.
    ///   - date: When the plan's fix was taken.
    public init(fenceIDs: [String], ring: WakeRing?, atRisk: Int, date: Date) {
        self.fenceIDs = fenceIDs
        self.ring = ring
        self.atRisk = atRisk
        self.date = date
    }
}
