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

    init(constants: [String: String] = [:], localConstants: [String: String] = [:], pending: [PendingUsage] = []) {
        self.constants = constants
        self.localConstants = localConstants
        self.pending = pending
    }

    /// The file's location API uses, with purpose keys resolved.
    ///
    /// A key written as a name is looked up by its full dotted text (`Keys.Purpose.nav`, without a leading
    /// `Self.` or `self.` or a trailing `.rawValue`), then by its last component, first in the file's own
    /// constants, then in `constants`; a name found nowhere (a function parameter, say) gives `nil`.
    ///
    /// - Parameter constants: The union of the whole project's constants.
    /// - Returns: The uses, in source order.
    func usages(constants: [String: String]) -> [CodeUsage] {
        pending.map { usage in
            switch usage.kind {
            case .resolved(let kind):
                return CodeUsage(kind, at: usage.position)
            case .temporaryFullAccuracy(let key):
                return CodeUsage(.requestTemporaryFullAccuracy(purposeKey: resolve(key, constants)), at: usage.position)
            case .serviceSession(let authorization, let key):
                let purposeKey = key.flatMap { resolve($0, constants) }
                return CodeUsage(
                    .serviceSession(authorization: authorization, fullAccuracyPurposeKey: purposeKey),
                    at: usage.position
                )
            }
        }
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
