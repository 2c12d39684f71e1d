/// The rules about what a target declares: purpose strings, unused keys, misspelled keys.
extension RuleEvaluators {
    /// Each purpose string (when-in-use, always, the deprecated ones, each temporary purpose) that
    /// ``PurposeStringCheck`` finds vague, at its declaration.
    static func vagueUsageDescription(_ context: RuleContext) -> [RuleOutcome] {
        var strings: [(label: String, key: String, text: String, position: SourcePosition)] = []
        for key in [RuleContext.whenInUseKey, RuleContext.alwaysKey] + KeySpelling.deprecatedKeys {
            if case .string(let text)? = context.declared(key)?.value {
                strings.append((key, key, text, context.declared(key)!.position))
            }
        }
        if let declared = context.declared(RuleContext.temporaryKey), case .dictionary(let entries) = declared.value {
            for (purpose, text) in entries.sorted(by: { $0.key < $1.key }) {
                strings.append(("\(RuleContext.temporaryKey).\(purpose)", purpose, text, declared.position))
            }
        }
        let check = PurposeStringCheck(developmentRegion: context.target.developmentRegion)
        var outcomes: [RuleOutcome] = []
        let region = ScriptDetector.languageCode(context.target.developmentRegion)
        for entry in strings {
            // When the development region has its own translation, that is the text its people read.
            let translation = context.target.localizations.first { language, _ in
                region != nil && ScriptDetector.languageCode(language) == region
            }?.value[entry.key]
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

    /// Declared keys no use needs: the when-in-use or always purpose string, a temporary purpose (checked only when
    /// every purpose key in code was resolved), or `location` in `UIBackgroundModes`. Targets with no source files
    /// are not checked, since their code is elsewhere.
    static func unusedLocationKey(_ context: RuleContext) -> [RuleOutcome] {
        guard !context.target.sourceFiles.isEmpty else { return [] }
        var outcomes: [RuleOutcome] = []
        let needed = Set(context.usages.flatMap { RuleContext.requiredKeys(for: $0.kind) })
        for key in [RuleContext.whenInUseKey, RuleContext.alwaysKey] where !needed.contains(key) {
            guard let declared = context.declared(key) else { continue }
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

    /// Keys ``KeySpelling`` takes for a misspelled location key, and the deprecated keys when the deployment
    /// target is iOS 11 or later (or unknown).
    static func misspelledOrDeprecatedKey(_ context: RuleContext) -> [RuleOutcome] {
        var outcomes: [RuleOutcome] = []
        for (key, declared) in context.target.info.sorted(by: { $0.key < $1.key }) {
            if KeySpelling.deprecatedKeys.contains(key) {
                guard !KeySpelling.isBelowIOS11(context.target.deploymentTarget) else { continue }
                let replacement = key == "NSLocationUsageDescription" ? RuleContext.whenInUseKey : RuleContext.alwaysKey
                let target = context.target.deploymentTarget.map { "iOS \($0)" } ?? "this deployment target"
                outcomes.append(
                    RuleOutcome(
                        message: "\(key) only matters for deployment targets below iOS 11; \(target) ignores it. "
                            + "Declare \(replacement) instead (keep \(key) only while you support iOS 10 or earlier).",
                        position: declared.position
                    )
                )
            } else if let intended = KeySpelling.intendedKey(for: key) {
                outcomes.append(
                    RuleOutcome(
                        message: "\(key) looks like a misspelling of \(intended).",
                        position: declared.position
                    )
                )
            }
        }
        return outcomes
    }
}
