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
        /// A `WKWebView`, whose pages may ask for location through the web geolocation API (which needs the
        /// when-in-use purpose string) with no Core Location call in the app.
        case webView
    }

    /// Which API.
    var kind: Kind
    /// Where it is used.
    var position: SourcePosition
    /// The platforms whose builds compile the use, when it sits in `#if os(…)`-style branches the analyzer could
    /// decide; `nil` when every platform compiles it (or the condition is not known).
    var platforms: Set<BuildPlatform>?

    /// The closure value the use sits in, when it sits in one stored under a name: a closure passed as a labelled
    /// argument (`requestAlways: { manager.requestAlwaysAuthorization() }`) or assigned to a property, with no
    /// function declared between. Such a use runs only when something calls the closure by that name.
    var closure: ClosureMember?

    /// Whether the target's own code calls the named closure the use sits in (see ``closure``), so that the app
    /// asks through it although the use is in code it links.
    var isCalledByOwnCode = false

    /// A closure value stored under a name, and where it is in its file.
    struct ClosureMember: Hashable, Sendable {
        /// The argument label or property name.
        var name: String
        /// The closure's UTF-8 offsets in its file.
        var range: Range<Int>
    }

    /// Creates a usage.
    ///
    /// - Parameters:
    ///   - kind: Which API.
    ///   - position: Where it is used.
    ///   - platforms: The platforms that compile it; `nil` for all.
    ///   - closure: The named closure value it sits in, if any.
    init(
        _ kind: Kind,
        at position: SourcePosition,
        platforms: Set<BuildPlatform>? = nil,
        closure: ClosureMember? = nil
    ) {
        self.kind = kind
        self.position = position
        self.platforms = platforms
        self.closure = closure
    }
}
