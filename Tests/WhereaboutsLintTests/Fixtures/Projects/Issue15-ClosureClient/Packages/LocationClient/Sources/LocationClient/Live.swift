import CoreLocation

extension LocationClient {
    /// The client backed by a real `CLLocationManager`.
    public static var live: Self {
        let manager = CLLocationManager()
        return Self(
            requestAlwaysAuthorization: {
                manager.requestAlwaysAuthorization()
            },
            requestWhenInUseAuthorization: {
                manager.requestWhenInUseAuthorization()
            },
            set: { properties in
                if let allows = properties.allowsBackgroundLocationUpdates {
                    manager.allowsBackgroundLocationUpdates = allows
                }
            }
        )
    }
}
