/// What to tell the user about a deprecated or misspelled key: advice that fits the target's platform, its
/// deployment target and whether any code needs the key at all.
extension RuleContext {
    /// Whether some use in the target needs a key: a purpose string a request needs, the temporary-purpose
    /// dictionary a purpose key needs, or the background modes a background use needs.
    func codeNeeds(_ key: String) -> Bool {
        switch key {
        case Self.temporaryKey: usages.contains { Self.purposeKey(of: $0.kind) != nil }
        case Self.backgroundModesKey, "WKBackgroundModes": anyUse(Self.needsBackgroundMode)
        default: usages.contains { requiredKeys(for: $0.kind).contains(key) }
        }
    }

    /// The platform and deployment target as messages name them: `"iOS 15.0"`, `"watchOS 10.0"`.
    var deploymentDescription: String? {
        target.deploymentTarget.map { "\(target.platform.rawValue) \($0)" }
    }

    /// The message for a deprecated key the target's deployment target no longer reads, or `nil` when the key
    /// still matters (an older deployment target, or `NSLocationUsageDescription` on the Mac).
    func deprecatedKeyMessage(_ key: String) -> String? {
        let system = target.platform.rawValue
        guard let ignoredFrom = KeySpelling.firstVersionIgnoring(key, on: target.platform, runsOnMac: target.runsOnMac)
        else { return nil }
        let major = KeySpelling.majorVersion(target.deploymentTarget)
        if let major, major < ignoredFrom { return nil }
        let replacement = KeySpelling.replacement(of: key)
        var message =
            ignoredFrom == 0
            ? "\(key) is read by no version of \(system)"
            : "\(key) is read only by \(system) \(ignoredFrom - 1) and earlier"
        message += deploymentDescription.map { "; this target's deployment target is \($0)" } ?? ""
        if declares(replacement) {
            message += ". \(replacement) is declared, so remove \(key)."
        } else if codeNeeds(replacement) {
            message += ". Move its sentence to \(replacement), which \(system) reads."
        } else if !target.sourceFiles.isEmpty {
            message += ". No code in \(target.name) asks for that authorization, so remove \(key)."
        } else {
            message += ". Declare \(replacement) instead where the target asks for location."
        }
        if major == nil, ignoredFrom > 0 {
            message += " (Keep it only while the deployment target is \(system) \(ignoredFrom - 1) or earlier.)"
        }
        return message
    }

    /// The message for a key that looks like a misspelling of `intended`.
    func misspelledKeyMessage(_ key: String, intended: String) -> String {
        let system = target.platform.rawValue
        let opening = "\(key) looks like a misspelling of \(intended)"
        var meant = intended
        if KeySpelling.deprecatedKeys.contains(intended),
            let ignoredFrom = KeySpelling.firstVersionIgnoring(
                intended,
                on: target.platform,
                runsOnMac: target.runsOnMac
            )
        {
            let replacement = KeySpelling.replacement(of: intended)
            if let major = KeySpelling.majorVersion(target.deploymentTarget), major < ignoredFrom {
                return "\(opening), which \(system) \(ignoredFrom - 1) and earlier read; rename it to \(intended), and "
                    + "declare \(replacement) for \(system) \(ignoredFrom) and later."
            }
            let ignored =
                ignoredFrom == 0 ? "no version of \(system) reads" : "\(system) \(ignoredFrom) and later ignore"
            meant = replacement
            return "\(opening), which \(ignored) anyway; " + advice(key, meant: meant, system: system)
        }
        return "\(opening); " + advice(key, meant: meant, system: system)
    }

    private func advice(_ key: String, meant: String, system: String) -> String {
        if declares(meant) { return "\(meant) is declared too, so remove \(key)." }
        let judged =
            meant.hasSuffix("UsageDescription") || meant == Self.temporaryKey
            || meant == Self.backgroundModesKey || meant == "WKBackgroundModes"
        if judged, !target.sourceFiles.isEmpty, !codeNeeds(meant) {
            return "no code in \(target.name) needs \(meant), so remove \(key) rather than rename it."
        }
        return "\(system) ignores unknown keys, so rename it to \(meant)."
    }
}
