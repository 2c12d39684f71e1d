/// One use of a location API in a source file.
struct CodeUsage: Hashable, Sendable {
    /// Which API.
    enum Kind: Hashable, Sendable {
        /// `requestWhenInUseAuthorization()`.
        case requestWhenInUse
        /// `requestAlwaysAuthorization()`.
        case requestAlways
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`, with the key when it could be
        /// resolved (a literal, or a constant or static in the project); `nil` when it could not.
        case requestTemporaryFullAccuracy(purposeKey: String?)
        /// `allowsBackgroundLocationUpdates = true`.
        case allowsBackgroundLocationUpdates
        /// `startMonitoringVisits()`.
        case startMonitoringVisits
        /// `startMonitoringSignificantLocationChanges()`.
        case startMonitoringSignificantLocationChanges
        /// `startMonitoring(for:)` (region monitoring).
        case startMonitoringRegion
        /// `CLMonitor` (iOS 17 condition monitoring).
        case clMonitor
        /// `CLLocationUpdate.liveUpdates`.
        case liveUpdates
        /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`, with the authorization asked
        /// (`"whenInUse"` or `"always"`, when literal) and the purpose key when resolvable.
        case serviceSession(authorization: String?, fullAccuracyPurposeKey: String?)
        /// `CLBackgroundActivitySession`.
        case backgroundActivitySession
        /// `desiredAccuracy = kCLLocationAccuracyBest` or `…BestForNavigation`.
        case desiresBestAccuracy
    }

    /// Which API.
    var kind: Kind
    /// Where it is used.
    var position: SourcePosition

    /// Creates a usage.
    ///
    /// - Parameters:
    ///   - kind: Which API.
    ///   - position: Where it is used.
    init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }
}
