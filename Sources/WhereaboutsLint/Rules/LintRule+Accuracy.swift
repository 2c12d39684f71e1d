/// The rules about accuracy: temporary full-accuracy purposes, and a reduced default that the code works against.
extension LintRule {
    /// The rules of this file, in the order they are declared.
    static let accuracyRules: [LintRule] = [missingTemporaryPurposeKey, reducedDefaultNeedsPrecise]

    /// `missing-temporary-purpose-key` (error): each temporary full-accuracy request (or `CLServiceSession` with
    /// `fullAccuracyPurposeKey:`) whose resolved key has no entry in `NSLocationTemporaryUsageDescriptionDictionary`,
    /// at the use.
    ///
    /// When the dictionary is declared with another type, the one finding is at the declaration. Keys that could
    /// not be resolved are not checked.
    public static let missingTemporaryPurposeKey = LintRule(
        id: "missing-temporary-purpose-key",
        name: "MissingTemporaryPurposeKey",
        defaultSeverity: .error,
        summary: "A temporary full-accuracy purpose key is not in NSLocationTemporaryUsageDescriptionDictionary.",
        discussion: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:) and CLServiceSession's "
            + "fullAccuracyPurposeKey fail at run time when the key has no entry, or when the entry is not a "
            + "dictionary.",
        judgesAbsenceOf: .declarations
    ) { context in
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

    /// `reduced-default-needs-precise` (info): the first `desiredAccuracy = kCLLocationAccuracyBest…` in a target
    /// that declares `NSLocationDefaultAccuracyReduced` true and never asks for temporary full accuracy.
    public static let reducedDefaultNeedsPrecise = LintRule(
        id: "reduced-default-needs-precise",
        name: "ReducedDefaultNeedsPrecise",
        defaultSeverity: .info,
        summary: "Accuracy starts reduced, the code wants the best accuracy, and it never asks for temporary "
            + "full accuracy.",
        discussion: "With NSLocationDefaultAccuracyReduced the app gets approximate fixes (about 5 km) whatever "
            + "desiredAccuracy says, unless it asks for temporary full accuracy.",
        judgesAbsenceOf: .code
    ) { context in
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
