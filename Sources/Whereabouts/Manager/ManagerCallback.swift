/// One `CLLocationManagerDelegate` callback, converted.
package enum ManagerCallback: Hashable, Sendable {
    /// `locationManagerDidChangeAuthorization(_:)`; the manager's properties hold the new values.
    case didChangeAuthorization
    /// `locationManager(_:didUpdateLocations:)`.
    case didUpdateLocations([Location])
    /// `locationManager(_:didFailWithError:)`.
    case didFailWithError(ManagerError)
    /// `locationManager(_:didUpdateHeading:)`.
    case didUpdateHeading(Heading)
    /// `locationManager(_:didEnterRegion:)`, by region identifier.
    case didEnterRegion(String)
    /// `locationManager(_:didExitRegion:)`, by region identifier.
    case didExitRegion(String)
    /// `locationManager(_:monitoringDidFailFor:withError:)`.
    case monitoringDidFail(regionIdentifier: String?, ManagerError)
    /// `locationManager(_:didVisit:)`.
    case didVisit(Visit)
    /// `locationManagerDidPauseLocationUpdates(_:)`.
    case didPauseLocationUpdates
    /// `locationManagerDidResumeLocationUpdates(_:)`.
    case didResumeLocationUpdates
    /// The simulated OS's source ran out (a replay reached its end) or failed: its updates stopped. Core Location
    /// never sends it; the client ends its live-update streams, as the simulated OS's own streams end.
    case sourceDidEnd(LocationError?)
}
