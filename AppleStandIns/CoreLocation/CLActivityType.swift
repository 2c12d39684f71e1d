// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

/// `CLActivityType` (`NSInteger`): what the app uses location for; iOS uses it to decide when to pause updates.
public enum CLActivityType: Int, Sendable {
    /// `CLActivityTypeOther`, the default.
    case other = 1
    /// `CLActivityTypeAutomotiveNavigation`.
    case automotiveNavigation = 2
    /// `CLActivityTypeFitness`.
    case fitness = 3
    /// `CLActivityTypeOtherNavigation`.
    case otherNavigation = 4
    /// `CLActivityTypeAirborne` (iOS 12, macOS 10.14, watchOS 5).
    @available(iOS 12, macOS 10.14, watchOS 5, tvOS 12, *)
    case airborne = 5
}
