/// What iOS holds for one app's location, and the rules that change it, as pure functions of a value.
///
/// Every rule of the article "The rules Whereabouts follows" is decided here and nowhere else: the
/// ``SimulatedOS`` runs these decisions (asks the prompter, keeps the grant, delivers fixes), the Core
/// Location adapter asks them whether iOS will show a prompt or stay silent, and the `whereabouts` command asks
/// them whether a prompt is due. Each family of rules lives in a `LocationPolicy+<Family>.swift` file that opens
/// with the rule in one sentence, and each is proved by a table test in `LocationPolicyTests`.
///
/// A decision is a `mutating` method: it returns what happens (a prompt, a request that completes with its
/// reason, an error) and leaves the state as iOS would hold it afterwards. Nothing here waits, reads a clock or
/// keeps a grant: that is the engine's work.
///
/// ```swift
/// var policy = LocationPolicy(declarations: UsageDescriptions(whenInUse: "Shows where you are."))
/// policy.requestWhenInUse()            // .prompt(.whenInUse, message: "Shows where you are.")
/// policy.answer(.allowOnce(precise: true))
/// policy.authorization.status          // .authorizedWhenInUse
/// policy.handle(.background)           // Allow Once ends with the app's use
/// policy.authorization.status          // .notDetermined
/// ```
package struct LocationPolicy: Hashable, Sendable {
    /// A prompt on screen: its kind, and whether it answers a request for Always.
    package struct Prompt: Hashable, Sendable {
        /// Which prompt it is.
        package var kind: PermissionPrompt.Kind
        /// Whether an Always request showed it (Allow While Using App then gives provisional Always).
        package var forAlways: Bool

        /// Creates a prompt on screen.
        ///
        /// - Parameters:
        ///   - kind: Which prompt it is.
        ///   - forAlways: Whether an Always request showed it.
        package init(kind: PermissionPrompt.Kind, forAlways: Bool) {
            self.kind = kind
            self.forAlways = forAlways
        }
    }

    /// The app's Info.plist declarations.
    package var declarations: UsageDescriptions
    /// The person's kept grant (the Settings app's record for this app).
    package var grant: Grant
    /// Location Services and restrictions for the whole device.
    package var device: DeviceSettings
    /// Where the app is in its life.
    package var appState: AppState
    /// Whether the person chose Allow Once for this use of the app (the status reads When In Use until it ends).
    package var allowOnce = false
    /// The Precise switch of the Allow Once answer.
    package var allowOncePrecise = true
    /// Whether temporary full accuracy was granted for this use of the app.
    package var temporaryFullAccuracy = false
    /// Whether a background session (`CLBackgroundActivitySession`) runs.
    package var backgroundSessionActive = false
    /// Whether some location manager of the app set `allowsBackgroundLocationUpdates` (each manager's own setting
    /// decides whether its fixes reach it in the background: ``mayDeliverLocations(allowingBackgroundUpdates:)``).
    package var allowsBackgroundUpdates = false
    /// Whether the last Always request left the app with When In Use (for the diagnostics).
    package var alwaysDeclined = false
    /// Whether the last temporary full accuracy prompt was declined (for the diagnostics).
    package var fullAccuracyDeclined = false
    /// The prompt on screen, if any.
    package var prompt: Prompt?
    /// The location manager's settings the app set (its `allowsBackgroundLocationUpdates` is
    /// ``allowsBackgroundUpdates``).
    package var properties = LocationProperties()
    /// Whether the app holds a service session that asks for authorization (When In Use or Always).
    package var holdsAuthorizingSession = false
    // Platforms (issue 25, item 4).
    /// The Apple platform whose rules apply (``PlatformRules``): iOS unless the OS was made for another.
    package var platform = Platform.iOS

    // Termination and relaunch (`LocationPolicy+Relaunch.swift`).
    /// Whether a background activity session was active when the app ended: the app may resume it at once when it
    /// is next run, even in the background, until the launch's window ends.
    package var resumableBackgroundSession = false
    // Explicit sessions (rule 13): set with ``holdSessions(_:)`` together with ``holdsAuthorizingSession``.
    /// The most a service session the app holds asks for (Always over When In Use over none); `nil` when it holds none.
    package var strongestHeldSession: ServiceSession.AuthorizationRequirement?
    // Pauses (rule 14): set by ``updatesPaused()``, cleared by a launch.
    /// Whether a pause of location updates while the app had When In Use ended their access until it launches again.
    package var pauseEndedUpdates = false

    /// Creates the state of a launched app in the foreground.
    ///
    /// - Parameters:
    ///   - declarations: The app's Info.plist declarations.
    ///   - grant: The person's kept grant.
    ///   - device: Location Services and restrictions.
    ///   - appState: Where the app is in its life.
    package init(
        declarations: UsageDescriptions,
        grant: Grant = Grant(),
        device: DeviceSettings = DeviceSettings(),
        appState: AppState = .foreground
    ) {
        self.declarations = declarations
        self.grant = grant
        self.device = device
        self.appState = appState
    }
}
