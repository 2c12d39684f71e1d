/// A declared need for location, as iOS 18's `CLServiceSession`: while the app holds one, the system knows what
/// authorization the app's features need, asks for it when a prompt is due, and reports through
/// ``diagnostics`` what stands in the way.
///
/// Start one with ``LocationClient/startServiceSession`` when a feature that needs location appears, and end it
/// with ``invalidate`` when the feature goes away. Holding a session:
///
/// - shows the When In Use prompt when the status is not determined and the app is in use (Always: the When In
///   Use prompt, then the upgrade prompt once per install, by the same rules as the requests);
/// - asks for temporary full accuracy with ``fullAccuracyPurposeKey`` when accuracy is reduced;
/// - asks again, when the app is in use again, after an Allow Once grant lapsed.
///
/// ```swift
/// let session = await client.startServiceSession(.whenInUse, "Navigation")
/// for await diagnostics in session.diagnostics() {
///     if diagnostics.contains(.authorizationDenied) { showSettingsButton() }
/// }
/// ```
public struct ServiceSession: Sendable {
    /// The authorization the session asks for.
    public let authorization: AuthorizationRequirement
    /// The key of `NSLocationTemporaryUsageDescriptionDictionary` to ask for full accuracy with, if any.
    public let fullAccuracyPurposeKey: String?
    /// The session's diagnostics: the set that holds at once, then each change, until the session is
    /// invalidated.
    ///
    /// The set holds those of `authorizationDenied`, `authorizationDeniedGlobally`, `authorizationRestricted`,
    /// `insufficientlyInUse`, `fullAccuracyDenied`, `alwaysAuthorizationDenied`, `authorizationRequestInProgress`
    /// and `serviceSessionRequired` that hold for this session (``Diagnostic``).
    public var diagnostics: @Sendable () -> AsyncStream<Set<Diagnostic>>
    /// Ends the session: its diagnostics stream finishes, and it asks for nothing more.
    public var invalidate: @Sendable () async -> Void

    /// Creates a session from its parts.
    ///
    /// - Parameters:
    ///   - authorization: The authorization it asks for.
    ///   - fullAccuracyPurposeKey: The purpose key it asks for full accuracy with.
    ///   - diagnostics: Its diagnostics stream.
    ///   - invalidate: Ends it.
    public init(
        authorization: AuthorizationRequirement,
        fullAccuracyPurposeKey: String? = nil,
        diagnostics: @escaping @Sendable () -> AsyncStream<Set<Diagnostic>>,
        invalidate: @escaping @Sendable () async -> Void
    ) {
        self.authorization = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.diagnostics = diagnostics
        self.invalidate = invalidate
    }
}
