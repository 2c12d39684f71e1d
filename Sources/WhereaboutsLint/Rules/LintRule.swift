/// A check the linter runs on each target: its identifier, default severity, and what it is about.
///
/// The catalog holds the nine rules the linter evaluates, plus two notices it emits about the
/// project itself (`no-app-bundle`, `unreadable-file`). Every rule has a page under
/// `Documentation/LintRules/<id>.md`.
///
/// ```swift
/// let rule = LintRule.named("missing-usage-description")!
/// let findings = rule.evaluate(target, usages: usages)
/// ```
public struct LintRule: Hashable, Sendable {
    /// The identifier used in output, configuration and docs, e.g. `missing-usage-description`.
    public let id: String
    /// A short name in UpperCamelCase, as SARIF's `name` wants it.
    public let name: String
    /// The severity when the configuration does not override it.
    public let defaultSeverity: LintSeverity
    /// One line saying what the rule checks.
    public let summary: String
    /// A few sentences saying why it matters.
    public let discussion: String
    /// Whether the rule is one of the nine evaluated on targets (`false` for the project notices).
    public let isEvaluated: Bool

    /// The rule's documentation page, relative to the repository root.
    public var documentationPath: String { "Documentation/LintRules/\(id).md" }

    /// The rules evaluated on every target, in the order the docs list them.
    public static let all: [LintRule] = [
        missingUsageDescription, missingTemporaryPurposeKey, backgroundUpdatesWithoutMode,
        vagueUsageDescription, alwaysWithoutBackgroundUse, unusedLocationKey,
        misspelledOrDeprecatedKey, backgroundOnlyServiceWithoutAlways, reducedDefaultNeedsPrecise,
    ]

    /// The notices about the project itself, which are not evaluated per target.
    public static let notices: [LintRule] = [noAppBundle, unreadableFile]

    /// Every rule and notice: what SARIF's `tool.driver.rules` lists and what a configuration may name.
    public static let catalog: [LintRule] = all + notices

    /// The rule or notice with this identifier, if there is one.
    ///
    /// - Parameter id: A rule identifier such as `unused-location-key`.
    /// - Returns: The rule, or `nil` for an unknown identifier.
    public static func named(_ id: String) -> LintRule? {
        catalog.first { $0.id == id }
    }

    /// Runs the rule on one target.
    ///
    /// - Parameters:
    ///   - target: The target, with its declarations.
    ///   - usages: The location API uses in the target's source files.
    /// - Returns: The findings, at the rule's default severity; none for the notices.
    public func evaluate(_ target: LintTarget, usages: [CodeUsage]) -> [LintFinding] {
        guard let evaluator = RuleEvaluators.byID[id] else { return [] }
        let context = RuleContext(target: target, usages: usages)
        return evaluator(context).map {
            LintFinding(
                ruleID: id,
                severity: defaultSeverity,
                message: $0.message,
                position: $0.position,
                target: target.name
            )
        }
    }
}

extension LintRule {
    /// `missing-usage-description` (error).
    public static let missingUsageDescription = LintRule(
        id: "missing-usage-description",
        name: "MissingUsageDescription",
        defaultSeverity: .error,
        summary: "Code asks for location authorization but the target does not declare the purpose string it needs.",
        discussion: "iOS refuses the request without the key, and App Review rejects the build (ITMS-90683). "
            + "Asking for Always needs both NSLocationWhenInUseUsageDescription and "
            + "NSLocationAlwaysAndWhenInUseUsageDescription.",
        isEvaluated: true
    )
    /// `missing-temporary-purpose-key` (error).
    public static let missingTemporaryPurposeKey = LintRule(
        id: "missing-temporary-purpose-key",
        name: "MissingTemporaryPurposeKey",
        defaultSeverity: .error,
        summary: "A temporary full-accuracy purpose key is not in NSLocationTemporaryUsageDescriptionDictionary.",
        discussion: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:) and CLServiceSession's "
            + "fullAccuracyPurposeKey fail at run time when the key has no entry, or when the entry is not a "
            + "dictionary.",
        isEvaluated: true
    )
    /// `background-updates-without-mode` (error).
    public static let backgroundUpdatesWithoutMode = LintRule(
        id: "background-updates-without-mode",
        name: "BackgroundUpdatesWithoutMode",
        defaultSeverity: .error,
        summary: "Background location updates are enabled without `location` in UIBackgroundModes.",
        discussion: "Setting allowsBackgroundLocationUpdates = true (or starting a CLBackgroundActivitySession) "
            + "without the location background mode raises an exception on device.",
        isEvaluated: true
    )
    /// `vague-usage-description` (warning).
    public static let vagueUsageDescription = LintRule(
        id: "vague-usage-description",
        name: "VagueUsageDescription",
        defaultSeverity: .warning,
        summary: "A location purpose string is empty, a placeholder, too short to say why, or in the wrong language.",
        discussion: "App Review rejects purpose strings that do not explain why the app needs location "
            + "(guideline 5.1.1), and people decline prompts they do not understand.",
        isEvaluated: true
    )
    /// `always-without-background-use` (warning).
    public static let alwaysWithoutBackgroundUse = LintRule(
        id: "always-without-background-use",
        name: "AlwaysWithoutBackgroundUse",
        defaultSeverity: .warning,
        summary: "The app asks for Always authorization but nothing uses location in the background.",
        discussion: "App Review asks apps to request Always only for features that need it; without background "
            + "updates, visits, significant changes, regions, CLMonitor or a background session it is not needed.",
        isEvaluated: true
    )
    /// `unused-location-key` (warning).
    public static let unusedLocationKey = LintRule(
        id: "unused-location-key",
        name: "UnusedLocationKey",
        defaultSeverity: .warning,
        summary: "A location key or the `location` background mode is declared but no code uses it.",
        discussion: "App Review asks why an app declares background location or a purpose it never uses; "
            + "unused declarations also hide the ones that matter.",
        isEvaluated: true
    )
    /// `misspelled-or-deprecated-key` (warning).
    public static let misspelledOrDeprecatedKey = LintRule(
        id: "misspelled-or-deprecated-key",
        name: "MisspelledOrDeprecatedKey",
        defaultSeverity: .warning,
        summary: "An Info.plist key looks like a misspelled location key, or is one iOS 11 and later ignore.",
        discussion: "iOS ignores unknown keys silently, so a misspelled key is the same as a missing one. "
            + "NSLocationUsageDescription and NSLocationAlwaysUsageDescription only matter for deployment "
            + "targets below iOS 11.",
        isEvaluated: true
    )
    /// `background-only-service-without-always` (warning).
    public static let backgroundOnlyServiceWithoutAlways = LintRule(
        id: "background-only-service-without-always",
        name: "BackgroundOnlyServiceWithoutAlways",
        defaultSeverity: .warning,
        summary: "Visits, significant changes or region monitoring are used while only when-in-use is requested.",
        discussion: "These services deliver events when the app is not running, which needs Always authorization; "
            + "with when-in-use they only arrive while the app is in use.",
        isEvaluated: true
    )
    /// `reduced-default-needs-precise` (info).
    public static let reducedDefaultNeedsPrecise = LintRule(
        id: "reduced-default-needs-precise",
        name: "ReducedDefaultNeedsPrecise",
        defaultSeverity: .info,
        summary: "Accuracy starts reduced, the code wants the best accuracy, and it never asks for temporary "
            + "full accuracy.",
        discussion: "With NSLocationDefaultAccuracyReduced the app gets approximate fixes (about 5 km) whatever "
            + "desiredAccuracy says, unless it asks for temporary full accuracy.",
        isEvaluated: true
    )
    /// `no-app-bundle` (info): the folder is a Swift package with no app bundle.
    public static let noAppBundle = LintRule(
        id: "no-app-bundle",
        name: "NoAppBundle",
        defaultSeverity: .info,
        summary: "The folder is a Swift package with no app bundle, so there is no Info.plist to check.",
        discussion: "Purpose strings belong to the app that links the package; lint the app's project instead.",
        isEvaluated: false
    )
    /// `unreadable-file` (error): a plist or project file could not be read.
    public static let unreadableFile = LintRule(
        id: "unreadable-file",
        name: "UnreadableFile",
        defaultSeverity: .error,
        summary: "A plist, project or source file could not be read, so its declarations were not checked.",
        discussion: "A malformed Info.plist or project.pbxproj also fails the build; fix the file the message names.",
        isEvaluated: false
    )
}
