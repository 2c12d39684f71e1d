internal import Whereabouts

/// The rules about the location keys a target declares: missing, vague, misspelled or unused.
extension LintRule {
    /// The rules of this file, in the order they are declared.
    static let keyRules: [LintRule] = [
        missingUsageDescription, vagueUsageDescription, unusedLocationKey, misspelledOrDeprecatedKey,
        explicitSessionKeySpelling,
    ]

    /// `missing-usage-description` (error): each use that prompts (a request, `liveUpdates`, `CLMonitor`,
    /// `CLServiceSession`) and whose key is not in the target's Info.plist or build settings.
    ///
    /// A key present only in `InfoPlist.strings` still counts as missing, and so does a purpose string declared
    /// with another type than a string.
    public static let missingUsageDescription = LintRule(
        id: "missing-usage-description",
        name: "MissingUsageDescription",
        defaultSeverity: .error,
        summary: "Code asks for location authorization but the target does not declare the purpose string it needs.",
        discussion: "iOS refuses the request without the key, and App Review rejects the build (ITMS-90683). "
            + "Asking for Always needs both NSLocationWhenInUseUsageDescription and "
            + "NSLocationAlwaysAndWhenInUseUsageDescription.",
        judgesAbsenceOf: .declarations
    ) { context in
        var outcomes: [RuleOutcome] = []
        for usage in context.usages {
            for key in context.requiredKeys(for: usage.kind) where !context.declares(key) {
                let declaredAs =
                    context.wrongType(of: key).map {
                        "declares as \($0) (at \(context.declared(key)?.position.description ?? "?")), not a string"
                    } ?? "does not declare"
                var message =
                    "\(RuleContext.describe(usage.kind)) needs \(key), which \(context.target.name) "
                    + "\(declaredAs); \(context.whereToAdd(key)) with a sentence that says why the app needs "
                    + "location"
                if case .requestAlways = usage.kind, !context.isMacApp {
                    message += " (asking for Always needs both purpose strings)"
                }
                let copies = context.localizedCopies(of: key).map(\.value.position.file)
                if !copies.isEmpty {
                    // Every file, in the order of their language names, so each run prints the same message.
                    let named = copies.prefix(3).joined(separator: ", ")
                    let more = copies.count > 3 ? " and \(copies.count - 3) more" : ""
                    message +=
                        "; it is only in \(named)\(more), but iOS reads the key from Info.plist "
                        + "and only translates it from there"
                }
                message += ". Without it the request fails and App Review rejects the build (ITMS-90683)."
                outcomes.append(RuleOutcome(message: message, position: usage.position))
            }
        }
        return outcomes
    }

    /// `vague-usage-description` (warning): each purpose string (when-in-use, always, the deprecated ones, each
    /// temporary purpose) that is empty, a placeholder, generic, a key name, too short or without a reason, or in
    /// another script than the development region's with no translation for it, at its declaration.
    ///
    /// When the development region has its own translation, the translation is judged, at its position.
    public static let vagueUsageDescription = LintRule(
        id: "vague-usage-description",
        name: "VagueUsageDescription",
        defaultSeverity: .warning,
        summary: "A location purpose string is empty, a placeholder, too short to say why, or in the wrong language.",
        discussion: "App Review rejects purpose strings that do not explain why the app needs location "
            + "(guideline 5.1.1), and people decline prompts they do not understand."
    ) { context in
        let names =
            [context.target.name]
            + ["CFBundleName", "CFBundleDisplayName"].compactMap { key in
                guard case .string(let name)? = context.declared(key)?.value, !name.contains("$") else { return nil }
                return name
            }
        let check = PurposeStringCheck(developmentRegion: context.target.developmentRegion, appNames: names)
        var outcomes: [RuleOutcome] = []
        for entry in context.purposeStrings {
            // When the development region has its own translation, that is the text its people read.
            let translation = context.developmentRegionTranslation(of: entry.key)
            var judged = entry.text
            var judgedAt = entry.position
            if let translation, case .string(let text) = translation.value {
                judged = text
                judgedAt = translation.position
            }
            if let problem = check.problem(with: judged) {
                outcomes.append(
                    RuleOutcome(
                        message: "\(entry.label) \(problem); write a sentence that says what the app does with the "
                            + "location and why, e.g. \"Shows nearby stations on the map and the walk to them.\" "
                            + "App Review rejects vague purpose strings (guideline 5.1.1).",
                        position: judgedAt
                    )
                )
            } else if let language = check.languageMismatch(
                in: entry.text,
                localized: context.target.localizations,
                key: entry.key
            ) {
                outcomes.append(
                    RuleOutcome(
                        message: "\(entry.label) is written in \(language.found) but the development region is "
                            + "\(language.region), and no \(language.region).lproj/InfoPlist.strings translates it; "
                            + "add the translation, or set CFBundleDevelopmentRegion to the language the string is in.",
                        position: entry.position
                    )
                )
            }
        }
        return outcomes
    }

    /// `unused-location-key` (warning): declared keys no use needs.
    ///
    /// The when-in-use or always purpose string, a temporary purpose (checked only when every purpose key in code
    /// was resolved), or `location` in `UIBackgroundModes`. Targets with no source files are not checked, since
    /// their code is elsewhere.
    public static let unusedLocationKey = LintRule(
        id: "unused-location-key",
        name: "UnusedLocationKey",
        defaultSeverity: .warning,
        summary: "A location key or the `location` background mode is declared but no code uses it.",
        discussion: "App Review asks why an app declares background location or a purpose it never uses; "
            + "unused declarations also hide the ones that matter.",
        judgesAbsenceOf: .code
    ) { context in
        // A location SDK from outside the folder may need what no code here asks for: see
        // unchecked-location-dependency, which says so instead.
        guard !context.target.sourceFiles.isEmpty, context.locationDependencies.isEmpty else { return [] }
        var outcomes: [RuleOutcome] = []
        let needed = Set(context.usages.flatMap { context.requiredKeys(for: $0.kind) })
        // A Mac app reads only NSLocationUsageDescription; the iOS keys are left to the other rules there.
        let keys = context.isMacApp ? [RuleContext.macKey] : [RuleContext.whenInUseKey, RuleContext.alwaysKey]
        for key in keys where !needed.contains(key) {
            guard let declared = context.declared(key) else { continue }
            // Web pages in a WKWebView may ask for location through the web geolocation API, which needs this key.
            if key != RuleContext.alwaysKey, context.mayAskThroughWebView { continue }
            let remedy =
                key == RuleContext.alwaysKey
                ? "call requestAlwaysAuthorization() where a feature needs background location, or remove the key"
                : "remove it, or ask with requestWhenInUseAuthorization() where the feature starts"
            outcomes.append(
                RuleOutcome(
                    message: "\(key) is declared but no code in \(context.target.name) asks for that authorization; "
                        + "\(remedy) (App Review asks about purposes an app never uses).",
                    position: declared.position
                )
            )
        }
        let purposeKeys = context.usages.compactMap { RuleContext.purposeKey(of: $0.kind) }
        if let declared = context.declared(RuleContext.temporaryKey), case .dictionary(let entries) = declared.value,
            !purposeKeys.contains(where: { $0 == nil })
        {
            let used = Set(purposeKeys.compactMap { $0 })
            for purpose in entries.keys.sorted() where !used.contains(purpose) {
                outcomes.append(
                    RuleOutcome(
                        message: "\(RuleContext.temporaryKey) declares purpose \"\(purpose)\" but no "
                            + "requestTemporaryFullAccuracyAuthorization(withPurposeKey:) or CLServiceSession uses it; "
                            + "remove the entry, or pass \"\(purpose)\" where the feature needs precise location.",
                        position: declared.position
                    )
                )
            }
        }
        if context.hasLocationBackgroundMode, !context.anyUse(RuleContext.needsBackgroundMode),
            let declared = context.backgroundModesDeclaration
        {
            outcomes.append(
                RuleOutcome(
                    message: "UIBackgroundModes declares \"location\" but no code in \(context.target.name) sets "
                        + "allowsBackgroundLocationUpdates = true or starts a CLBackgroundActivitySession; "
                        + "remove the mode, "
                        + "or App Review will ask which feature tracks location in the background.",
                    position: declared.position
                )
            )
        }
        return outcomes
    }

    /// `misspelled-or-deprecated-key` (warning): keys that look like a misspelled location key (within an edit
    /// distance of 3 of one, or one with a doubled word), and the deprecated keys the target's platform and
    /// deployment target no longer read: `NSLocationUsageDescription` on iOS 8 and later (macOS and Mac Catalyst
    /// still read it), `NSLocationAlwaysUsageDescription` on iOS 11 and later and watchOS 4 and later (or an unknown
    /// deployment target).
    ///
    /// The advice fits the target: rename to the key its deployment target reads, or remove the key when it is
    /// already declared under its right name or no code needs it.
    public static let misspelledOrDeprecatedKey = LintRule(
        id: "misspelled-or-deprecated-key",
        name: "MisspelledOrDeprecatedKey",
        defaultSeverity: .warning,
        summary: "An Info.plist key looks like a misspelled location key, or is one the deployment target ignores.",
        discussion: "iOS ignores unknown keys silently, so a misspelled key is the same as a missing one. "
            + "NSLocationUsageDescription only matters on iOS 7 and earlier (macOS and Mac Catalyst still read it); "
            + "NSLocationAlwaysUsageDescription only on iOS 10 and earlier (watchOS 3 and earlier)."
    ) { context in
        var outcomes: [RuleOutcome] = []
        for (key, declared) in context.target.info.sorted(by: { $0.key < $1.key }) {
            if KeySpelling.deprecatedKeys.contains(key) {
                guard let message = context.deprecatedKeyMessage(key) else { continue }
                outcomes.append(RuleOutcome(message: message, position: declared.position))
            } else if let intended = KeySpelling.intendedKey(for: key) {
                outcomes.append(
                    RuleOutcome(
                        message: context.misspelledKeyMessage(key, intended: intended),
                        position: declared.position
                    )
                )
            }
        }
        return outcomes
    }

    /// `explicit-session-key-spelling` (warning): the explicit-session opt-in declared as
    /// `NSLocationRequireExplicitServiceSession` without `CLRequireExplicitServiceSession`, the spelling of Core
    /// Location's `CLServiceSession.h` and of Apple's page "Suspending authorization requests"; or both spellings
    /// declared with different values.
    public static let explicitSessionKeySpelling = LintRule(
        id: "explicit-session-key-spelling",
        name: "ExplicitSessionKeySpelling",
        defaultSeverity: .warning,
        summary: "The explicit-session opt-in is declared only as NSLocationRequireExplicitServiceSession, or the "
            + "two spellings disagree.",
        discussion: "Apple's pages spell the opt-in two ways: CLRequireExplicitServiceSession in \"Suspending "
            + "authorization requests\" and in Core Location's CLServiceSession.h, "
            + "NSLocationRequireExplicitServiceSession in \"Handling location updates in the background\". An app "
            + "that declares only the spelling iOS does not read gets implicit sessions and prompts it meant to defer."
    ) { context in
        let documented = UsageDescriptions.requireExplicitServiceSessionKey
        let other = UsageDescriptions.requireExplicitServiceSessionAlternateKey
        guard let declared = context.declared(other) else { return [] }
        guard let spelled = context.declared(documented) else {
            return [
                RuleOutcome(
                    message: "\(other) is the spelling of Apple's page \"Handling location updates in the "
                        + "background\", but Core Location's CLServiceSession.h and Apple's page \"Suspending "
                        + "authorization requests\" spell the explicit-session opt-in \(documented); "
                        + "\(context.whereToAdd(documented)) with the same value, and keep \(other) beside it so "
                        + "that the opt-in holds whichever spelling iOS reads.",
                    position: declared.position
                )
            ]
        }
        guard spelled.value != declared.value else { return [] }
        return [
            RuleOutcome(
                message:
                    "\(documented) (at \(spelled.position.description)) and \(other) are both declared, with different "
                    + "values, so whether the app opted into explicit service sessions depends on which spelling "
                    + "iOS reads; give both the same value (true to opt in).",
                position: declared.position
            )
        ]
    }
}
