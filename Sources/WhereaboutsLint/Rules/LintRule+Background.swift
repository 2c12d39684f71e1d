/// The rules about location in the background: the background mode, and Always authorization against the uses that
/// need it.
extension LintRule {
    /// The rules of this file, in the order they are declared.
    static let backgroundRules: [LintRule] = [
        backgroundUpdatesWithoutMode, alwaysWithoutBackgroundUse, backgroundOnlyServiceWithoutAlways,
    ]

    /// `background-updates-without-mode` (error): each `allowsBackgroundLocationUpdates = true` or
    /// `CLBackgroundActivitySession` in a target whose `UIBackgroundModes` (or `WKBackgroundModes`) lacks `location`.
    public static let backgroundUpdatesWithoutMode = LintRule(
        id: "background-updates-without-mode",
        name: "BackgroundUpdatesWithoutMode",
        defaultSeverity: .error,
        summary: "Background location updates are enabled without `location` in UIBackgroundModes.",
        discussion: "Setting allowsBackgroundLocationUpdates = true (or starting a CLBackgroundActivitySession) "
            + "without the location background mode raises an exception on device.",
        judgesAbsenceOf: .declarations
    ) { context in
        guard !context.hasLocationBackgroundMode else { return [] }
        return context.uses(RuleContext.needsBackgroundMode).map { usage in
            RuleOutcome(
                message: "\(RuleContext.describe(usage.kind)) needs \"location\" in UIBackgroundModes, which "
                    + "\(context.target.name) does not declare; add it to UIBackgroundModes in "
                    + "\(context.infoPlistName) (Signing & Capabilities › Background Modes › Location updates). "
                    + "Without it the app raises an exception on device.",
                position: usage.position
            )
        }
    }

    /// `always-without-background-use` (warning): each Always request when no use works in the background: no
    /// background updates, visits, significant changes, regions, `CLMonitor` or `CLBackgroundActivitySession`.
    public static let alwaysWithoutBackgroundUse = LintRule(
        id: "always-without-background-use",
        name: "AlwaysWithoutBackgroundUse",
        defaultSeverity: .warning,
        summary: "The app asks for Always authorization but nothing uses location in the background.",
        discussion: "App Review asks apps to request Always only for features that need it; without background "
            + "updates, visits, significant changes, regions, CLMonitor or a background session it is not needed.",
        judgesAbsenceOf: .code
    ) { context in
        // Always-versus-when-in-use advice is about iOS; a Mac app has one location authorization.
        // A location SDK from outside the folder may use location in the background: see
        // unchecked-location-dependency.
        guard !context.isMacApp, context.locationDependencies.isEmpty, !context.anyUse(RuleContext.usesBackground)
        else { return [] }
        return context.uses(RuleContext.asksAlways).map { usage in
            RuleOutcome(
                message: "\(RuleContext.describe(usage.kind)) asks for Always, but nothing in "
                    + "\(context.target.name) uses location in the background (no background updates, visits, "
                    + "significant changes, regions, CLMonitor or CLBackgroundActivitySession); ask for when-in-use "
                    + "instead (requestWhenInUseAuthorization()), or App Review may ask why the app needs Always.",
                position: usage.position
            )
        }
    }

    /// `background-only-service-without-always` (warning): each visits, significant-change or region-monitoring
    /// use in a target that asks for when-in-use and never for Always.
    public static let backgroundOnlyServiceWithoutAlways = LintRule(
        id: "background-only-service-without-always",
        name: "BackgroundOnlyServiceWithoutAlways",
        defaultSeverity: .warning,
        summary: "Visits, significant changes or region monitoring are used while only when-in-use is requested.",
        discussion: "These services deliver events when the app is not running, which needs Always authorization; "
            + "with when-in-use they only arrive while the app is in use.",
        judgesAbsenceOf: .code
    ) { context in
        guard context.anyUse(RuleContext.asksWhenInUse), !context.anyUse(RuleContext.asksAlways) else { return [] }
        let services = context.uses {
            switch $0 {
            case .startMonitoringVisits, .startMonitoringSignificantLocationChanges, .startMonitoringRegion: true
            default: false
            }
        }
        return services.map { usage in
            RuleOutcome(
                message: "\(RuleContext.describe(usage.kind)) delivers events while the app is not running, but "
                    + "\(context.target.name) only asks for when-in-use, so they only arrive while it is in use; "
                    + "call requestAlwaysAuthorization() (and declare \(RuleContext.alwaysKey)) where the feature "
                    + "is turned on, or use a foreground API.",
                position: usage.position
            )
        }
    }
}
