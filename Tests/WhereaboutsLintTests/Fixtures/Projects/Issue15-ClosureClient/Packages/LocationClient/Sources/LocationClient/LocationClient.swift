import CoreLocation

/// Core Location as a struct of closures, so that tests can replace each endpoint.
public struct LocationClient {
    public var requestAlwaysAuthorization: () -> Void
    public var requestWhenInUseAuthorization: () -> Void
    public var set: (Properties) -> Void

    /// The manager's settings an app may change; `nil` leaves one as it is.
    public struct Properties {
        public var allowsBackgroundLocationUpdates: Bool?
    }

    /// Changes the given settings.
    public func set(allowsBackgroundLocationUpdates: Bool? = nil) {
        self.set(Properties(allowsBackgroundLocationUpdates: allowsBackgroundLocationUpdates))
    }
}
