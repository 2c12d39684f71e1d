// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

/// `CLAccuracyAuthorization` (`NSInteger`).
public enum CLAccuracyAuthorization: Int, Sendable {
    /// `CLAccuracyAuthorizationFullAccuracy`.
    case fullAccuracy = 0
    /// `CLAccuracyAuthorizationReducedAccuracy`.
    case reducedAccuracy = 1
}
