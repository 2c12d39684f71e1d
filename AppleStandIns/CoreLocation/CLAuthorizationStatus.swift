// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

/// `CLAuthorizationStatus` (`int`).
public enum CLAuthorizationStatus: Int32, Sendable {
    /// `kCLAuthorizationStatusNotDetermined`.
    case notDetermined = 0
    /// `kCLAuthorizationStatusRestricted`.
    case restricted = 1
    /// `kCLAuthorizationStatusDenied`.
    case denied = 2
    /// `kCLAuthorizationStatusAuthorizedAlways`.
    case authorizedAlways = 3
    /// `kCLAuthorizationStatusAuthorizedWhenInUse` (not on macOS, where an allowed app is `authorizedAlways`).
    #if WHEREABOUTS_STANDIN_MACOS
    @available(*, unavailable, message: "CLAuthorizationStatus.authorizedWhenInUse is not available on macOS")
    #endif
    @available(macOS, unavailable)
    case authorizedWhenInUse = 4
}
