extension LocationPermissionModel {
    /// A model in one of the seven states of ``PermissionPreviewState``, made at once from a simulated OS: for a
    /// SwiftUI `#Preview`, whose body cannot wait, and for tests of what a view shows in each state.
    ///
    /// The model's client is ``LocationClient/simulated(os:source:)`` over a new ``SimulatedOS`` for the app
    /// `com.example.preview`, made with the state's kept grant (Not Determined, Never, While Using with Precise on
    /// or off) and device settings (restricted, Location Services off). The model reads the OS's authorization
    /// snapshot in `init`, as with any client, so ``authorization``, ``screen``, ``showsRequestPreciseButton`` and
    /// ``preciseFeaturesAvailable`` are the rules' answers for the state.
    ///
    /// Two things of a state live only in the OS's session, not in a kept grant: temporary full accuracy (allowed
    /// by the person at a prompt) and the last fix the app received (which comes through a live-updates stream).
    /// Neither can be reached without waiting through the public API, and a preview's body cannot wait, so the OS is
    /// made with them already in place, as if they had happened before: the temporary precise state's OS has
    /// temporary full accuracy, and every OS has received ``PermissionPreviewState/position`` and
    /// ``PermissionPreviewState/heading`` from its source. The OS hands the fix over as its rules say — precise,
    /// approximate under reduced accuracy, nothing when location is off — and the model takes that fix and the
    /// heading, so ``indicator`` is hidden, a circle kilometres wide, or a dot with a bearing.
    ///
    /// Core Location tells an app that full accuracy is temporary only through the answer to its own request, so
    /// the temporary precise state's first read (the OS's snapshot) says "temporary", and a later ``refresh()`` through
    /// the client's location manager reads full accuracy without it; the views draw both alike.
    ///
    /// The previewed person answers every prompt with "yes" (Allow While Using with Precise on, Allow Once for
    /// precise location), and the source keeps giving ``PermissionPreviewState/position``: a tap on a previewed
    /// button moves the model to the next state, through the same client calls as in an app.
    ///
    /// ```swift
    /// #Preview("Denied") {
    ///     LocationUnavailableView(model: .preview(.denied))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The state to start in.
    ///   - purposeKey: The key of `NSLocationTemporaryUsageDescriptionDictionary` the precise button asks with (the
    ///     previewed app declares it); `nil` hides the button.
    ///   - bearingSource: Whether the indicator's arrow follows the heading or the course.
    /// - Returns: A model whose first read is the state.
    public static func preview(
        _ state: PermissionPreviewState,
        purposeKey: String? = "Preview",
        bearingSource: UserLocationIndicator.BearingSource = .heading
    ) -> LocationPermissionModel {
        let appID = "com.example.preview"
        var purposes: [String: String] = [:]
        if let purposeKey { purposes[purposeKey] = "Shows how long it takes to get there." }
        let os = SimulatedOS(
            appID: appID,
            declarations: UsageDescriptions(
                whenInUse: "Shows where you are on the map.",
                temporaryPurposes: purposes,
                appName: "Preview"
            ),
            prompter: PreviewPerson(),
            consentStore: InMemoryConsentStore([appID: state.grant]),
            kept: state.grant,
            device: state.device,
            // A fixed secret: the approximate circle is drawn at the same place in every run of a preview.
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 0x5052_4556_4945_5721, k1: 0x5748_4552_4541_424F)),
            temporaryFullAccuracy: state.temporaryFullAccuracy,
            lastFix: PermissionPreviewState.position,
            lastHeading: PermissionPreviewState.heading
        )
        let client = LocationClient.simulated(
            os: os,
            source: PreviewSource(position: PermissionPreviewState.position, heading: PermissionPreviewState.heading)
        )
        let model = LocationPermissionModel(client: client, purposeKey: purposeKey, bearingSource: bearingSource)
        if let received = os.lastKnownSnapshot.current {
            model.apply(
                LocationUpdate(location: received, diagnostics: [], authorization: client.authorizationSnapshot())
            )
        }
        if let heading = os.headingSnapshot.current { model.apply(heading) }
        return model
    }
}
