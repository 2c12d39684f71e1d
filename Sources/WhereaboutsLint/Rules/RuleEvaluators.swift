/// One evaluator per rule: a function from a target and its uses to what is wrong with them.
enum RuleEvaluators {
    typealias Evaluator = @Sendable (RuleContext) -> [RuleOutcome]

    static let byID: [String: Evaluator] = [
        LintRule.missingUsageDescription.id: missingUsageDescription,
        LintRule.missingTemporaryPurposeKey.id: missingTemporaryPurposeKey,
        LintRule.backgroundUpdatesWithoutMode.id: backgroundUpdatesWithoutMode,
        LintRule.vagueUsageDescription.id: vagueUsageDescription,
        LintRule.alwaysWithoutBackgroundUse.id: alwaysWithoutBackgroundUse,
        LintRule.unusedLocationKey.id: unusedLocationKey,
        LintRule.misspelledOrDeprecatedKey.id: misspelledOrDeprecatedKey,
        LintRule.backgroundOnlyServiceWithoutAlways.id: backgroundOnlyServiceWithoutAlways,
        LintRule.reducedDefaultNeedsPrecise.id: reducedDefaultNeedsPrecise,
    ]

    /// Each use that prompts (a request, `liveUpdates`, `CLMonitor`, `CLServiceSession`) and whose key is not in
    /// the target's Info.plist or build settings; a key present only in `InfoPlist.strings` still counts as missing.
    static func missingUsageDescription(_ context: RuleContext) -> [RuleOutcome] {
        var outcomes: [RuleOutcome] = []
        for usage in context.usages {
            for key in RuleContext.requiredKeys(for: usage.kind) where !context.declares(key) {
                let declaredAs =
                    context.wrongType(of: key).map {
                        "declares as \($0) (at \(context.declared(key)?.position.description ?? "?")), not a string"
                    } ?? "does not declare"
                var message =
                    "\(RuleContext.describe(usage.kind)) needs \(key), which \(context.target.name) "
                    + "\(declaredAs); \(context.whereToAdd(key)) with a sentence that says why the app needs "
                    + "location"
                if case .requestAlways = usage.kind { message += " (asking for Always needs both purpose strings)" }
                if let localized = context.target.localizations.values.compactMap({ $0[key] }).first {
                    message +=
                        "; it is only in \(localized.position.file), but iOS reads the key from Info.plist "
                        + "and only translates it from there"
                }
                message += ". Without it the request fails and App Review rejects the build (ITMS-90683)."
                outcomes.append(RuleOutcome(message: message, position: usage.position))
            }
        }
        return outcomes
    }

    /// Each temporary full-accuracy request (or `CLServiceSession` with `fullAccuracyPurposeKey:`) whose resolved
    /// key has no entry in `NSLocationTemporaryUsageDescriptionDictionary`, at the use; the dictionary itself
    /// when it is not a dictionary, at the declaration. Keys that could not be resolved are not checked.
    static func missingTemporaryPurposeKey(_ context: RuleContext) -> [RuleOutcome] {
        let dictionaryKey = RuleContext.temporaryKey
        let requests = context.usages.compactMap { usage -> (CodeUsage, String)? in
            guard case .some(.some(let key)) = RuleContext.purposeKey(of: usage.kind) else { return nil }
            return (usage, key)
        }
        guard !requests.isEmpty else { return [] }
        let declaration = context.declared(dictionaryKey)
        var entries: [String: String] = [:]
        switch declaration?.value {
        case .dictionary(let values)?:
            entries = values
        case let value?:
            let kind: String =
                switch value {
                case .string: "a string"
                case .bool: "a boolean"
                case .array: "an array"
                case .other(let name): name
                case .dictionary: "a dictionary"
                }
            let message =
                "\(dictionaryKey) must be a dictionary of purpose key → sentence, not \(kind); write it as "
                + "<dict><key>\(requests[0].1)</key><string>why this feature needs your exact location</string></dict>"
            return [RuleOutcome(message: message, position: declaration!.position)]
        case nil:
            break
        }
        var outcomes: [RuleOutcome] = []
        for (usage, key) in requests where entries[key] == nil {
            var message = "\(RuleContext.describe(usage.kind)) uses purpose key \"\(key)\", which "
            if declaration == nil {
                message +=
                    "\(context.target.name) does not declare: it has no \(dictionaryKey). Add that dictionary "
                    + "to \(context.infoPlistName) (build settings cannot hold it) with an entry"
            } else {
                message +=
                    "is not in \(dictionaryKey) (it has \(entries.keys.sorted().joined(separator: ", "))); "
                    + "add an entry"
            }
            message +=
                " \"\(key)\" whose value says why this feature needs your exact location. "
                + "Without it the request fails at run time."
            outcomes.append(RuleOutcome(message: message, position: usage.position))
        }
        return outcomes
    }

    /// Each `allowsBackgroundLocationUpdates = true` or `CLBackgroundActivitySession` in a target whose
    /// `UIBackgroundModes` (or `WKBackgroundModes`) lacks `location`.
    static func backgroundUpdatesWithoutMode(_ context: RuleContext) -> [RuleOutcome] {
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

    /// The first Always request when no use works in the background: no background updates, visits, significant
    /// changes, regions, `CLMonitor` or `CLBackgroundActivitySession`.
    static func alwaysWithoutBackgroundUse(_ context: RuleContext) -> [RuleOutcome] {
        guard !context.anyUse(RuleContext.usesBackground) else { return [] }
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

    /// Each visits, significant-change or region-monitoring use in a target that asks for when-in-use and never
    /// for Always.
    static func backgroundOnlyServiceWithoutAlways(_ context: RuleContext) -> [RuleOutcome] {
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

    /// The first `desiredAccuracy = kCLLocationAccuracyBest…` in a target that declares
    /// `NSLocationDefaultAccuracyReduced` true and never asks for temporary full accuracy.
    static func reducedDefaultNeedsPrecise(_ context: RuleContext) -> [RuleOutcome] {
        guard let declared = context.declared(RuleContext.reducedKey) else { return [] }
        switch declared.value {
        case .bool(true): break
        case .string(let text) where ["yes", "true", "1"].contains(text.lowercased()): break
        default: return []
        }
        let asksPrecise = context.anyUse { RuleContext.purposeKey(of: $0) != nil }
        guard !asksPrecise, let first = context.uses({ $0 == .desiresBestAccuracy }).first else { return [] }
        return [
            RuleOutcome(
                message: "\(RuleContext.describe(first.kind)) has no effect while \(RuleContext.reducedKey) is true "
                    + "(declared at \(declared.position)): fixes stay approximate; call "
                    + "requestTemporaryFullAccuracyAuthorization(withPurposeKey:) where the feature needs precision, "
                    + "or remove \(RuleContext.reducedKey).",
                position: first.position
            )
        ]
    }
}
