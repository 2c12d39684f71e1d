extension LocationPermissionModel {
    /// Whether to show Core Location UI's Location Button (`LocationButton`, `CLLocationButton`) as the way to a
    /// feature's location: the status is not determined and no request of this model waits for the person's answer.
    ///
    /// A tap on the button grants When In Use for this use of the app only (the first tap of the install asks the
    /// person once; later taps grant without asking). When the app is no longer in use the grant ends, and on the
    /// next launch the status is not determined again — so this is true again. Show the button wherever it is true,
    /// on every launch, and start the feature from the button's action; never count on a grant from an earlier
    /// launch. A feature that needs location on every launch without a tap asks for When In Use instead
    /// (``requestPermission()``). Denied, restricted or with Location Services off, a tap grants nothing, so the
    /// button is not shown (``screen`` says what to show instead); authorized, the
    /// feature's own control needs no grant.
    ///
    /// ```swift
    /// if model.showsLocationButton {
    ///     LocationButton(.currentLocation) { Task { await showNearbyStations() } }
    /// }
    /// ```
    public var showsLocationButton: Bool { showsPrePermissionExplanation }
}
