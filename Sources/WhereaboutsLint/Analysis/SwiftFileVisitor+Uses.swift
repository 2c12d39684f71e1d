import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Recognising location API uses among calls, member accesses and assignments.
extension SwiftFileVisitor {
    /// Method calls (`m.requestAlwaysAuthorization()`) and initializer calls (`CLMonitor("name")`).
    func inspect(_ call: FunctionCallExprSyntax) {
        let nameToken: TokenSyntax
        let base: ExprSyntax?
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            nameToken = member.declName.baseName
            base = member.base
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            nameToken = reference.baseName
            base = nil
        } else {
            return
        }
        let name = nameToken.bareText
        if let kind = methodKind(name, call: call) {
            // A method of CLLocationManager's name counts when the receiver is one, or may be one.
            let selector = Self.selector(String(syntaxText: name), firstLabel: call.arguments.first.map(Self.label))
            record(kind, at: nameToken, receiver: receiver(of: base), selector: selector)
        } else if let kind = typeKind(name, call: call) {
            record(kind, at: nameToken)
        } else if name == "init" {
            // `CLMonitor.init("name")`, or `let session: CLBackgroundActivitySession = .init()`.
            let typeToken = base.map { lastNameToken(of: $0) } ?? annotatedTypeToken(of: call)
            guard let typeToken, let kind = typeKind(typeToken.bareText, call: call) else { return }
            record(kind, at: typeToken)
        }
    }

    /// `CLLocationUpdate.liveUpdates`, called or not.
    func inspect(_ member: MemberAccessExprSyntax) {
        guard member.declName.baseName.bareText == "liveUpdates",
            let base = member.base,
            lastNameToken(of: base)?.bareText == "CLLocationUpdate"
        else { return }
        record(.resolved(.liveUpdates), at: member.declName.baseName)
    }

    /// `x.allowsBackgroundLocationUpdates = true` (or any value but `false`) and
    /// `x.desiredAccuracy = kCLLocationAccuracyBest`.
    func inspect(_ sequence: SequenceExprSyntax) {
        let elements = sequence.elements
        var previous: ExprSyntax?
        var index = elements.startIndex
        while index != elements.endIndex {
            let element = elements[index]
            let next = elements.index(after: index)
            defer {
                previous = element
                index = next
            }
            guard element.is(AssignmentExprSyntax.self), let assigned = previous,
                let target = lastNameToken(of: assigned),
                next != elements.endIndex, elements.index(after: next) == elements.endIndex
            else { continue }
            let value = elements[next]
            let owner = receiver(of: assigned.as(MemberAccessExprSyntax.self)?.base)
            switch target.bareText {
            case "allowsBackgroundLocationUpdates":
                // Anything but a literal `false` may be true at run time (`= background`), and then the
                // app needs the location background mode.
                if value.as(BooleanLiteralExprSyntax.self)?.literal.rawText != "false" {
                    record(
                        .resolved(.allowsBackgroundLocationUpdates),
                        at: target,
                        receiver: owner,
                        selector: "allowsBackgroundLocationUpdates"
                    )
                }
            case "desiredAccuracy":
                let constant = lastNameToken(of: value)?.bareText
                if constant == "kCLLocationAccuracyBest" || constant == "kCLLocationAccuracyBestForNavigation" {
                    record(.resolved(.desiresBestAccuracy), at: target, receiver: owner)
                }
            default:
                break
            }
        }
    }

    /// The use a call of a `CLLocationManager` method makes, matched on the full selector: the base name and
    /// its argument labels (`startMonitoring(for:)`, not `startMonitoring(_:)`; `requestAlwaysAuthorization()`
    /// without arguments).
    private func methodKind(_ name: SyntaxText, call: FunctionCallExprSyntax) -> PendingUsage.Kind? {
        // An argument the parser had to invent (`f(` left open) is not one the code passes.
        let labels = call.arguments.filter { !$0.expression.is(MissingExprSyntax.self) }.map {
            $0.label?.rawText ?? "_"
        }
        let noArguments = labels.isEmpty && call.trailingClosure == nil
        switch name {
        case "requestWhenInUseAuthorization" where noArguments: return .resolved(.requestWhenInUse)
        case "requestAlwaysAuthorization" where noArguments: return .resolved(.requestAlways)
        case "startMonitoringVisits" where noArguments: return .resolved(.startMonitoringVisits)
        case "startMonitoringSignificantLocationChanges" where noArguments:
            return .resolved(.startMonitoringSignificantLocationChanges)
        case "startMonitoring" where labels == ["for"]:
            return .resolved(.startMonitoringRegion)
        case "requestTemporaryFullAccuracyAuthorization"
        where labels == ["withPurposeKey"] || labels == ["withPurposeKey", "completion"]:
            guard let argument = call.arguments.first else { return nil }
            return .temporaryFullAccuracy(purposeKey(argument.expression))
        default: return nil
        }
    }

    /// An argument's label as a selector names it (`_` for none).
    static func label(_ argument: LabeledExprSyntax) -> String {
        argument.label?.text ?? "_"
    }

    private func typeKind(_ name: SyntaxText, call: FunctionCallExprSyntax) -> PendingUsage.Kind? {
        switch name {
        case "CLMonitor": return .resolved(.clMonitor)
        case "CLBackgroundActivitySession": return .resolved(.backgroundActivitySession)
        case "CLServiceSession":
            var authorization: String?
            var key: PurposeKeyExpression?
            for argument in call.arguments {
                switch argument.label?.rawText {
                case "authorization":
                    switch lastNameToken(of: argument.expression)?.bareText {
                    case "whenInUse": authorization = "whenInUse"
                    case "always": authorization = "always"
                    default: authorization = nil
                    }
                case "fullAccuracyPurposeKey":
                    key = purposeKey(argument.expression)
                default:
                    break
                }
            }
            return .serviceSession(authorization: authorization, purposeKey: key)
        default: return nil
        }
    }

    /// A purpose key argument: a plain literal, a dotted name (without `Self.`/`self.` or `.rawValue`), or neither.
    private func purposeKey(_ expression: ExprSyntax) -> PurposeKeyExpression {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return literal.representedLiteralValue.map(PurposeKeyExpression.literal) ?? .unresolvable
        }
        guard var components = dottedComponents(of: expression) else { return .unresolvable }
        if components.count > 1, components.last == "rawValue" { components.removeLast() }
        if components.count > 1, components.first == "Self" || components.first == "self" {
            components.removeFirst()
        }
        return .reference(components)
    }

    private func dottedComponents(of expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return [Identifier(reference.baseName)?.name ?? reference.baseName.text]
        }
        if let type = expression.as(TypeExprSyntax.self), let identifier = type.type.as(IdentifierTypeSyntax.self) {
            return [identifier.name.text]
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = Identifier(member.declName.baseName)?.name ?? member.declName.baseName.text
        guard let base = member.base else { return [name] }
        return dottedComponents(of: base).map { $0 + [name] }
    }

    /// The last name in `x`, `a.b.x` or `.x`.
    private func lastNameToken(of expression: ExprSyntax) -> TokenSyntax? {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        if let type = expression.as(TypeExprSyntax.self) { return type.type.as(IdentifierTypeSyntax.self)?.name }
        return nil
    }

    /// The type annotation of the binding a `.init(…)` call initializes: `let s: CLServiceSession = .init(…)`.
    private func annotatedTypeToken(of call: FunctionCallExprSyntax) -> TokenSyntax? {
        let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)
        return binding?.typeAnnotation?.type.as(IdentifierTypeSyntax.self)?.name
    }
}
