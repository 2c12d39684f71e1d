/// What the app uses location for, as `CLLocationManager.activityType`: iOS uses it to decide when to pause
/// updates.
///
/// The engine records it and reports it; it does not change which fixes are delivered.
public enum ActivityType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `CLActivityType.other`, iOS's default.
    case other
    /// `CLActivityType.automotiveNavigation`.
    case automotiveNavigation
    /// `CLActivityType.fitness`.
    case fitness
    /// `CLActivityType.otherNavigation`.
    case otherNavigation
    /// `CLActivityType.airborne`.
    case airborne

    /// The name, as scenarios spell it.
    public var description: String { rawValue }
}
