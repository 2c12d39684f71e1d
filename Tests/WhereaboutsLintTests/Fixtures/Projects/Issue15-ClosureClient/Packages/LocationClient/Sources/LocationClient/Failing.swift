extension LocationClient {
    /// A client whose every endpoint fails the test that calls it.
    public static let failing = Self(
        requestAlwaysAuthorization: { fatalError("requestAlwaysAuthorization") },
        requestWhenInUseAuthorization: { fatalError("requestWhenInUseAuthorization") },
        set: { _ in fatalError("set") }
    )
}
