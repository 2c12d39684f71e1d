/// Rule 14: for an app with When In Use, a pause of its location updates out of the foreground
/// (`pausesLocationUpdatesAutomatically`) ends their access until the app launches again — starting them again in the
/// same launch delivers nothing — while with Always a pause lasts only until the app starts its updates again.
extension LocationPolicy {
    /// Records that a location manager's updates paused: with When In Use, out of the foreground, this ends the access
    /// of location updates until the next launch.
    ///
    /// In the foreground the app is in use and may start its updates again, as it always could; the pause that ends
    /// access is the one an app with When In Use cannot undo, where it cannot start updates (Apple's
    /// `requestWhenInUseAuthorization()` page).
    package mutating func updatesPaused() {
        if authorization.status == .authorizedWhenInUse, appState != .foreground { pauseEndedUpdates = true }
    }

    /// Whether location updates (live updates, `startUpdatingLocation`) are withheld, and stay paused, because they
    /// paused in this launch, out of the foreground, while the app had When In Use. Always (granted since in
    /// Settings) lifts it.
    package var updatesEndedByPause: Bool {
        pauseEndedUpdates && authorization.status == .authorizedWhenInUse
    }
}
