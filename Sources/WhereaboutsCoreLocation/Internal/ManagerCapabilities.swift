import Whereabouts

/// What the platform's Core Location offers beyond authorization, one fix and live updates.
///
/// All of it on iOS, iPadOS, Mac Catalyst and macOS. visionOS has no `requestAlwaysAuthorization()`, heading, visits
/// or background location updates; watchOS has no visits (nor region monitoring, which
/// ``LocationManaging/isRegionMonitoringAvailable`` reports). Where something is missing the adapter says so with an
/// error instead of calling an API the platform does not have.
struct ManagerCapabilities: Hashable, Sendable {
    /// `requestAlwaysAuthorization()`.
    var alwaysAuthorization = true
    /// `startUpdatingHeading()` and the heading callbacks.
    var heading = true
    /// `startMonitoringVisits()` and the visit callbacks.
    var visits = true
    /// `allowsBackgroundLocationUpdates`.
    var backgroundUpdates = true

    /// Everything, as on iOS.
    static let all = ManagerCapabilities()
}
