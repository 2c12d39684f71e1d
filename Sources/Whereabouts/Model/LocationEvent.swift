/// One callback of Core Location's `CLLocationManagerDelegate`, as a value.
///
/// ``LocationClient/events`` delivers the current authorization first, then every event in
/// the order the engine produced it, so a revoke is never followed by a location.
///
/// ```swift
/// for await event in await client.events() {
///     switch event {
///     case .didChangeAuthorization(let authorization): show(authorization)
///     case .didUpdateLocations(let locations): draw(locations)
///     default: break
///     }
/// }
/// ```
public enum LocationEvent: Hashable, Sendable {
    /// `locationManagerDidChangeAuthorization(_:)`: status or accuracy changed.
    case didChangeAuthorization(Authorization)
    /// `locationManager(_:didUpdateLocations:)`.
    case didUpdateLocations([Location])
    /// `locationManager(_:didFailWithError:)`.
    case didFailWithError(LocationError)
    /// `locationManager(_:didUpdateHeading:)`.
    case didUpdateHeading(Heading)
    /// `locationManager(_:didEnterRegion:)`.
    case didEnterRegion(Region)
    /// `locationManager(_:didExitRegion:)`.
    case didExitRegion(Region)
    /// `locationManager(_:didVisit:)`.
    case didVisit(Visit)
    /// `locationManagerDidPauseLocationUpdates(_:)`.
    case didPauseLocationUpdates
    /// `locationManagerDidResumeLocationUpdates(_:)`.
    case didResumeLocationUpdates
}
