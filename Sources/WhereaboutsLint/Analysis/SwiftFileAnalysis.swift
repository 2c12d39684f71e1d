/// What one pass over a Swift file found: the constants it declares and its location API uses, whose purpose keys
/// are resolved once the whole project's constants are known.
///
/// ```swift
/// let analyses = files.map { SourceAnalyzer().analyze(swift: $0.text, file: $0.path) }
/// let constants = analyses.reduce(into: [:]) { $0.merge($1.constants) { first, _ in first } }
/// let uses = analyses.flatMap { $0.usages(constants: constants) }
/// ```
struct SwiftFileAnalysis: Sendable {
    /// The constants the file declares at file or type level, visible to the rest of the project.
    let constants: [String: String]
    /// Constants declared inside function bodies and closures; used only for this file's purpose keys.
    let localConstants: [String: String]
    /// The uses found, purpose keys still unresolved.
    let pending: [PendingUsage]
    /// What the file declares that other files need to tell whose method a call is.
    let facts: ReceiverFacts
    /// Every name the file declares → its types (`"=name"` for an alias), for this file's receivers.
    let declaredTypes: [String: [String]]
    /// Whether the file imports CoreLocation, MapKit or CoreLocationUI.
    let importsCoreLocation: Bool

    init(
        constants: [String: String] = [:],
        localConstants: [String: String] = [:],
        pending: [PendingUsage] = [],
        facts: ReceiverFacts = ReceiverFacts(),
        declaredTypes: [String: [String]] = [:],
        importsCoreLocation: Bool = false
    ) {
        self.constants = constants
        self.localConstants = localConstants
        self.pending = pending
        self.facts = facts
        self.declaredTypes = declaredTypes
        self.importsCoreLocation = importsCoreLocation
    }

    /// The file's location API uses, with purpose keys resolved and calls on other types left out.
    ///
    /// A key written as a name is looked up by its full dotted text (`Keys.Purpose.nav`, without a leading
    /// `Self.` or `self.` or a trailing `.rawValue`), then by its last component, first in the file's own
    /// constants, then in `constants`; a name found nowhere (a function parameter, say) gives `nil`.
    ///
    /// A call of a `CLLocationManager` method name counts when its receiver is known to be a `CLLocationManager`
    /// (a value made with `CLLocationManager()`, a property, local, parameter or `if let` of that type, optional or
    /// not, a subclass, or a protocol `CLLocationManager` is extended to conform to); it does not when the receiver
    /// is known to be of another type (an app's own `LocationService` with a method of the same name). A receiver
    /// of unknown type counts only when the file imports CoreLocation (or MapKit or CoreLocationUI, which re-export
    /// it) and no type of the app declares a method with the same selector.
    ///
    /// - Parameters:
    ///   - constants: The union of the whole project's constants.
    ///   - receivers: The whole project's facts about types; `nil` to use this file's alone.
    /// - Returns: The uses, in source order.
    func usages(constants: [String: String], receivers: ReceiverContext? = nil) -> [CodeUsage] {
        let receivers = receivers ?? ReceiverContext(facts)
        return pending.filter { counts($0, receivers) }.map { usage in
            switch usage.kind {
            case .resolved(let kind):
                return CodeUsage(kind, at: usage.position, platforms: usage.platforms, closure: usage.closure)
            case .temporaryFullAccuracy(let key):
                return CodeUsage(
                    .requestTemporaryFullAccuracy(purposeKey: resolve(key, constants)),
                    at: usage.position,
                    platforms: usage.platforms,
                    closure: usage.closure
                )
            case .serviceSession(let authorization, let key):
                let purposeKey = key.flatMap { resolve($0, constants) }
                return CodeUsage(
                    .serviceSession(authorization: authorization, fullAccuracyPurposeKey: purposeKey),
                    at: usage.position,
                    platforms: usage.platforms,
                    closure: usage.closure
                )
            }
        }
    }

    /// Whether a use's receiver is, or may be, a Core Location value.
    private func counts(_ usage: PendingUsage, _ receivers: ReceiverContext) -> Bool {
        let known: Bool? =
            switch usage.receiver {
            case .coreLocation: true
            case .type(let type): receivers.coreLocationLike.contains(type)
            case .selfIn(let type):
                // `self.allowsBackgroundLocationUpdates = …` in an app type that declares that property itself
                // sets the app's own setting (a wrapper's configuration struct), not a CLLocationManager's.
                receivers.coreLocationLike.contains(type)
                    ? true : declaresOwnProperty(usage.selector, receivers) ? false : nil
            case .name(let name): isCoreLocation(name: name, receivers, depth: 0)
            case .unknown: nil
            }
        if let known { return known }
        guard importsCoreLocation else { return false }
        return usage.selector.map { !receivers.facts.appSelectors.contains($0) } ?? true
    }

    /// Whether a name's declared type is Core Location's (`true`), another (`false`) or unknown (`nil`): the file's
    /// own declarations first, then the project's type members.
    private func declaresOwnProperty(_ name: String?, _ receivers: ReceiverContext) -> Bool {
        guard let name, !name.contains("(") else { return false }
        return declaredTypes[name] != nil || receivers.facts.memberTypes[name] != nil
    }

    private func isCoreLocation(name: String, _ receivers: ReceiverContext, depth: Int) -> Bool? {
        guard depth < 4, let types = declaredTypes[name] ?? receivers.facts.memberTypes[name] else { return nil }
        var answer: Bool?
        for type in types {
            let result =
                type.hasPrefix("=")
                ? isCoreLocation(name: String(type.dropFirst()), receivers, depth: depth + 1)
                : receivers.coreLocationLike.contains(type)
            if result == true { return true }
            if result == false { answer = false }
        }
        return answer
    }

    private func resolve(_ key: PurposeKeyExpression, _ constants: [String: String]) -> String? {
        switch key {
        case .literal(let value):
            return value
        case .unresolvable:
            return nil
        case .reference(let components):
            guard let last = components.last else { return nil }
            let full = components.joined(separator: ".")
            let scopes = [localConstants, self.constants, constants]
            for scope in scopes {
                if let value = scope[full] { return value }
            }
            for scope in scopes {
                if let value = scope[last] { return value }
            }
            return nil
        }
    }
}
