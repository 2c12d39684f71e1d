#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// What the precise dot shows, given to a ``UserLocationIndicatorStyle``.
public struct UserLocationIndicatorStyleConfiguration {
    /// Where the dot points, clockwise from true north: the heading or the course, as the model's `bearingSource`
    /// says; `nil` when none is known (draw no arrow).
    public let bearing: Angle?
}
#endif
