internal import Whereabouts

/// One target and the location API uses in its files, with the questions every rule asks of them.
struct RuleContext: Sendable {
    let target: LintTarget
    let usages: [CodeUsage]

    /// The target's dependencies from outside the folder whose names suggest a location or maps SDK (see
    /// ``UncheckedDependencies/suggestsLocation(_:)``); empty when the rules may trust that the folder holds all
    /// the code that asks for location.
    let locationDependencies: [String]
    /// The uses held back from the rules because only code the target links makes them while the target declares
    /// no location key and its own code uses no location (see ``LintRule/linkedLocationCode``); empty otherwise.
    let heldLinkedUsages: [CodeUsage]

    /// A context for one target, keeping only the uses its platforms compile (see ``CompilationCondition``).
    ///
    /// When the target declares no location key and none of its own code uses location (directly, or by calling a
    /// linked closure that does: ``CodeUsage/isCalledByOwnCode``), the uses of the code it links are held back
    /// (``heldLinkedUsages``): whether the app uses that code's location feature is not known.
    ///
    /// - Parameters:
    ///   - target: The target.
    ///   - usages: The location API uses in its source files.
    ///   - trustingFolder: Whether to ignore dependencies from outside the folder, as if the folder held all code.
    ///   - includingLinkedCode: Whether to count the uses of linked code even when they would be held back.
    init(target: LintTarget, usages: [CodeUsage], trustingFolder: Bool = false, includingLinkedCode: Bool = false) {
        self.target = target
        let builds = BuildPlatform.builds(of: target)
        let compiled = usages.filter { $0.platforms.map { !$0.isDisjoint(with: builds) } ?? true }
        self.locationDependencies =
            trustingFolder ? [] : target.uncheckedDependencies.filter(UncheckedDependencies.suggestsLocation)
        let linkedOnly =
            !compiled.isEmpty
            && compiled.allSatisfy { target.linkedSourceFiles.contains($0.position.file) && !$0.isCalledByOwnCode }
        if !includingLinkedCode, linkedOnly, !Self.declaresLocationKey(target) {
            self.usages = []
            self.heldLinkedUsages = compiled
        } else {
            self.usages = compiled
            self.heldLinkedUsages = []
        }
    }

    /// The same target and uses, ignoring dependencies from outside the folder.
    var trustingFolder: RuleContext { RuleContext(target: target, usages: usages, trustingFolder: true) }

    /// The same target with the uses of linked code counted even when they are held back.
    var includingLinkedCode: RuleContext {
        RuleContext(target: target, usages: usages + heldLinkedUsages, includingLinkedCode: true)
    }

    /// Whether the target declares any location key: a purpose string, the temporary purposes, the default
    /// accuracy, or `location` among its background modes.
    static func declaresLocationKey(_ target: LintTarget) -> Bool {
        if target.info.keys.contains(where: { $0.hasPrefix("NSLocation") }) { return true }
        return [backgroundModesKey, "WKBackgroundModes"].contains { key in
            if case .array(let modes)? = target.info[key]?.value { return modes.contains("location") }
            return false
        }
    }

    static let whenInUseKey = UsageDescriptions.whenInUseKey
    static let alwaysKey = UsageDescriptions.alwaysKey
    static let temporaryKey = UsageDescriptions.temporaryPurposesKey
    static let reducedKey = UsageDescriptions.defaultAccuracyReducedKey
    static let backgroundModesKey = UsageDescriptions.backgroundModesKey

    /// The Info.plist file to name in messages: the target's plist, or "the target's Info.plist".
    var infoPlistName: String {
        if target.position.file.hasSuffix(".plist") { return target.position.file }
        // The smallest path, not the first a dictionary yields, so that every run names the same file.
        if let plist = target.info.values.filter({ $0.origin == .infoPlist }).map(\.position.file).min() {
            return plist
        }
        return "the \(target.name) target's Info.plist"
    }

    /// Where a key should be added: the plist, or the build setting that generates it.
    func whereToAdd(_ key: String) -> String {
        "add \(key) to \(infoPlistName) (or INFOPLIST_KEY_\(key) in the target's build settings)"
    }

    /// The localized copies of a key, by language name in ascending order (`de`, `en`, `en-GB`, `fr`).
    func localizedCopies(of key: String) -> [(language: String, value: DeclaredValue)] {
        target.localizations.keys.sorted().compactMap { language in
            target.localizations[language]?[key].map { (language, $0) }
        }
    }

    /// The development region's own translation of a key: the `.lproj` named exactly as the region first, then
    /// the others of the same language code in ascending order (`en`, then `en-GB`, `en-US`).
    func developmentRegionTranslation(of key: String) -> DeclaredValue? {
        guard let region = ScriptDetector.languageCode(target.developmentRegion) else { return nil }
        let copies = localizedCopies(of: key).filter { ScriptDetector.languageCode($0.language) == region }
        return (copies.first { $0.language == target.developmentRegion } ?? copies.first)?.value
    }

    /// The declared value of a key, if any.
    func declared(_ key: String) -> DeclaredValue? { target.info[key] }

    /// Whether a key is declared usefully: a purpose string (`NS…UsageDescription`) only counts when its
    /// value is a string — iOS and App Review treat any other type as missing; other keys with any value.
    func declares(_ key: String) -> Bool {
        guard let declared = target.info[key] else { return false }
        guard key.hasSuffix("UsageDescription") else { return true }
        if case .string = declared.value { return true }
        return false
    }

    /// The type a purpose string was wrongly declared with (`"a number"`), or `nil` when it is a string or absent.
    func wrongType(of key: String) -> String? {
        switch target.info[key]?.value {
        case nil, .string?: nil
        case .bool?: "a boolean"
        case .array?: "an array"
        case .dictionary?: "a dictionary"
        case .other(let name)?: name
        }
    }

    /// The purpose strings the target declares, in the order messages name them, each with its text and where it
    /// is declared.
    ///
    /// First the when-in-use, always and deprecated ones (labelled and keyed by their key), then each temporary
    /// purpose (labelled `NSLocationTemporaryUsageDescriptionDictionary.<purpose>`, keyed by the purpose).
    var purposeStrings: [(label: String, key: String, text: String, position: SourcePosition)] {
        var strings: [(label: String, key: String, text: String, position: SourcePosition)] = []
        for key in [Self.whenInUseKey, Self.alwaysKey] + KeySpelling.deprecatedKeys {
            if let value = declared(key), case .string(let text) = value.value {
                strings.append((key, key, text, value.position))
            }
        }
        if let value = declared(Self.temporaryKey), case .dictionary(let entries) = value.value {
            for (purpose, text) in entries.sorted(by: { $0.key < $1.key }) {
                strings.append(("\(Self.temporaryKey).\(purpose)", purpose, text, value.position))
            }
        }
        return strings
    }

    /// Whether `UIBackgroundModes` (or `WKBackgroundModes` on watchOS) holds `location`.
    var hasLocationBackgroundMode: Bool {
        for key in [Self.backgroundModesKey, "WKBackgroundModes"] {
            if case .array(let modes)? = target.info[key]?.value, modes.contains("location") { return true }
        }
        return false
    }

    /// Where the background modes are declared, if they are.
    var backgroundModesDeclaration: DeclaredValue? {
        target.info[Self.backgroundModesKey] ?? target.info["WKBackgroundModes"]
    }

    /// The uses matching a predicate.
    func uses(_ predicate: (CodeUsage.Kind) -> Bool) -> [CodeUsage] { usages.filter { predicate($0.kind) } }

    /// Whether any use matches a predicate.
    func anyUse(_ predicate: (CodeUsage.Kind) -> Bool) -> Bool { usages.contains { predicate($0.kind) } }

    /// The Info.plist purpose keys a use needs, in the order messages name them.
    /// The purpose key a macOS app declares for every location request.
    static let macKey = "NSLocationUsageDescription"

    /// Whether the target is a macOS app (not Mac Catalyst), which reads ``macKey`` and none of the iOS keys.
    var isMacApp: Bool { target.platform == .macOS }

    /// The purpose keys a use needs in this target: the iOS keys, or ``macKey`` in a macOS app.
    func requiredKeys(for kind: CodeUsage.Kind) -> [String] {
        let keys = Self.requiredKeys(for: kind)
        return isMacApp && !keys.isEmpty ? [Self.macKey] : keys
    }

    /// Whether a WKWebView in the target may show web pages that ask for location, which needs the when-in-use
    /// purpose string with no Core Location call in the app's own code.
    var mayAskThroughWebView: Bool { anyUse { $0 == .webView } }

    static func requiredKeys(for kind: CodeUsage.Kind) -> [String] {
        switch kind {
        case .requestWhenInUse, .liveUpdates, .clMonitor: [whenInUseKey]
        case .requestAlways: [whenInUseKey, alwaysKey]
        case .serviceSession(let authorization, _):
            authorization == "always" ? [whenInUseKey, alwaysKey] : [whenInUseKey]
        default: []
        }
    }

    /// Whether a use asks for Always authorization.
    static func asksAlways(_ kind: CodeUsage.Kind) -> Bool {
        switch kind {
        case .requestAlways: true
        case .serviceSession(let authorization, _): authorization == "always"
        default: false
        }
    }

    /// Whether a use asks for (or implicitly prompts for) when-in-use authorization only.
    static func asksWhenInUse(_ kind: CodeUsage.Kind) -> Bool {
        switch kind {
        case .requestWhenInUse, .liveUpdates, .clMonitor: true
        case .serviceSession(let authorization, _): authorization != "always"
        default: false
        }
    }

    /// Whether a use keeps working, or delivers events, while the app is in the background.
    static func usesBackground(_ kind: CodeUsage.Kind) -> Bool {
        switch kind {
        case .allowsBackgroundLocationUpdates, .startMonitoringVisits, .startMonitoringSignificantLocationChanges,
            .startMonitoringRegion, .clMonitor, .backgroundActivitySession:
            true
        default: false
        }
    }

    /// Whether a use needs `location` in `UIBackgroundModes`.
    static func needsBackgroundMode(_ kind: CodeUsage.Kind) -> Bool {
        switch kind {
        case .allowsBackgroundLocationUpdates, .backgroundActivitySession: true
        default: false
        }
    }

    /// The temporary full-accuracy purpose key a use names: `.some(nil)` when it names one that could not be
    /// resolved, `nil` when the use names none.
    static func purposeKey(of kind: CodeUsage.Kind) -> String?? {
        switch kind {
        case .requestTemporaryFullAccuracy(let key): .some(key)
        case .serviceSession(_, let key?): .some(key)
        default: nil
        }
    }

    /// How a use reads in a message.
    static func describe(_ kind: CodeUsage.Kind) -> String {
        switch kind {
        case .requestWhenInUse: "requestWhenInUseAuthorization()"
        case .requestAlways: "requestAlwaysAuthorization()"
        case .requestTemporaryFullAccuracy: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
        case .allowsBackgroundLocationUpdates: "allowsBackgroundLocationUpdates = true"
        case .startMonitoringVisits: "startMonitoringVisits()"
        case .startMonitoringSignificantLocationChanges: "startMonitoringSignificantLocationChanges()"
        case .startMonitoringRegion: "startMonitoring(for:)"
        case .clMonitor: "CLMonitor"
        case .liveUpdates: "CLLocationUpdate.liveUpdates"
        case .serviceSession(let authorization, _):
            "CLServiceSession(authorization: .\(authorization ?? "whenInUse"))"
        case .backgroundActivitySession: "CLBackgroundActivitySession"
        case .desiresBestAccuracy: "desiredAccuracy = kCLLocationAccuracyBest"
        case .webView: "WKWebView"
        }
    }
}
