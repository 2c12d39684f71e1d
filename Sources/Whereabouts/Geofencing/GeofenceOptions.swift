import Foundation

/// How the library keeps a geofence set of any size within the system's budget of monitored conditions.
///
/// The defaults suit fences of 100 m and more; each parameter says what it trades.
///
/// ```swift
/// var options = GeofenceOptions()
/// options.ringMargin = 200  // re-plan earlier, for a system that reports exits late
/// ```
public struct GeofenceOptions: Hashable, Sendable {
    /// What may wake the app to re-plan which fences are monitored.
    public enum WakeSource: String, Hashable, Sendable, CaseIterable {
        /// Leaving the wake ring, the circle around the device at the last plan.
        case ring
        /// A significant location change (needs Always).
        case significantChanges
        /// A visit (needs Always).
        case visits
        /// Any fix delivered while the app is in use.
        case foregroundFixes
    }

    /// The most fences monitored at once, or `nil` for every condition left free but one (the wake ring).
    public var maximumFenceSlots: Int?
    /// The smallest wake ring, in metres: smaller circles are reported late or not at all by the system.
    public var wakeRingMinimumRadius: Double
    /// The largest wake ring, in metres: a larger one would delay re-plans for nothing.
    public var wakeRingMaximumRadius: Double
    /// How far inside the nearest unmonitored fence's boundary the wake ring stays, in metres, so that the system's
    /// slack in reporting the ring's exit does not carry the person across that boundary first.
    public var ringMargin: Double
    /// The oldest fix a plan may be made from when a fresh one does not come.
    public var maximumFixAge: Duration
    /// How long a wake waits for a fresh fix before it falls back to the last one.
    public var fixTimeout: Duration
    /// How long after a fence is added a system event that a fix contradicts is taken for a replayed belief of an
    /// earlier run, and refused.
    public var addReplayWindow: Duration
    /// What may wake the app to re-plan.
    public var wakeSources: Set<WakeSource>

    /// Creates options; each default is the one described on its property.
    ///
    /// - Parameters:
    ///   - maximumFenceSlots: The most fences monitored at once, `nil` for all free conditions but one.
    ///   - wakeRingMinimumRadius: The smallest wake ring in metres (200).
    ///   - wakeRingMaximumRadius: The largest wake ring in metres (25 km).
    ///   - ringMargin: The distance kept from the nearest unmonitored boundary in metres (100).
    ///   - maximumFixAge: The oldest usable fix (5 minutes).
    ///   - fixTimeout: How long a wake waits for a fresh fix (10 seconds).
    ///   - addReplayWindow: How long after an add a contradicted event is refused (10 seconds).
    ///   - wakeSources: What may wake the app to re-plan (all of them).
    public init(
        maximumFenceSlots: Int? = nil,
        wakeRingMinimumRadius: Double = 200,
        wakeRingMaximumRadius: Double = 25_000,
        ringMargin: Double = 100,
        maximumFixAge: Duration = .seconds(300),
        fixTimeout: Duration = .seconds(10),
        addReplayWindow: Duration = .seconds(10),
        wakeSources: Set<WakeSource> = Set(WakeSource.allCases)
    ) {
        self.maximumFenceSlots = maximumFenceSlots
        self.wakeRingMinimumRadius = wakeRingMinimumRadius
        self.wakeRingMaximumRadius = wakeRingMaximumRadius
        self.ringMargin = ringMargin
        self.maximumFixAge = maximumFixAge
        self.fixTimeout = fixTimeout
        self.addReplayWindow = addReplayWindow
        self.wakeSources = wakeSources
    }
}
