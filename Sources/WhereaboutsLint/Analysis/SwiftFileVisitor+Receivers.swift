@_spi(RawSyntax) import SwiftSyntax

/// Collecting what tells whose method a call is: imports, declared types, inheritance, the app's own methods with
/// Core Location's names, and the receiver of each call.
extension SwiftFileVisitor {
    /// The `CLLocationManager` methods the analyzer looks for, by base name.
    static let coreLocationMethodNames: Set<SyntaxText> = [
        "requestWhenInUseAuthorization", "requestAlwaysAuthorization", "startMonitoringVisits",
        "startMonitoringSignificantLocationChanges", "startMonitoring", "requestTemporaryFullAccuracyAuthorization",
    ]

    /// Modules whose import brings Core Location's types into a file.
    static let coreLocationModules: Set<SyntaxText> = ["CoreLocation", "MapKit", "CoreLocationUI"]

    /// Names of singletons whose type is the type they are read from (`Tracker.shared` is a `Tracker`).
    static let singletonNames: Set<SyntaxText> = ["shared", "default", "current", "instance", "sharedInstance"]

    /// `import CoreLocation` (or a module that re-exports it).
    func inspect(_ node: ImportDeclSyntax) {
        if let module = node.path.first?.name.rawText, Self.coreLocationModules.contains(module) {
            importsCoreLocation = true
        }
    }

    /// A method of the app's own with a Core Location name, and the types of a function's parameters.
    func inspect(_ node: FunctionDeclSyntax) {
        let name = node.name.bareText
        if Self.coreLocationMethodNames.contains(name), let scope = scopes.last, !scope.isProtocol,
            !scope.names.contains(where: ReceiverFacts.coreLocationTypes.contains)
        {
            let first = node.signature.parameterClause.parameters.first?.firstName.text
            facts.appSelectors.insert(Self.selector(String(syntaxText: name), firstLabel: first))
        }
        if isCollectingUses {
            for parameter in node.signature.parameterClause.parameters {
                guard let type = Self.typeName(parameter.type) else { continue }
                let token = parameter.secondName ?? parameter.firstName
                declaredTypes[token.text, default: []].append(type)
            }
        }
    }

    /// `if let manager = self.locationManager`: `manager` has the type of `locationManager`.
    func inspect(_ node: OptionalBindingConditionSyntax) {
        if isCollectingUses, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = node.initializer?.value, let type = valueType(value)
        {
            declaredTypes[name, default: []].append(type)
        }
    }

    /// Records the types a variable declaration gives its names: the annotation (`CLLocationManager?`), else the
    /// initializer (`CLLocationManager()`, `Tracker.shared`, another name).
    func recordTypes(of node: VariableDeclSyntax) {
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        // Without uses to judge, only what other files see (type members) is wanted.
        guard isMember || isCollectingUses else { return }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type =
                binding.typeAnnotation.flatMap { Self.typeName($0.type) }
                ?? binding.initializer.flatMap { valueType($0.value) }
            guard let type else { continue }
            if isCollectingUses { declaredTypes[name, default: []].append(type) }
            if isMember { facts.memberTypes[name, default: []].append(type) }
        }
    }

    /// Records `Type: Parent, Protocol`.
    func recordInheritance(of type: String, _ clause: InheritanceClauseSyntax?) {
        guard let clause else { return }
        let parents = clause.inheritedTypes.compactMap { Self.typeName($0.type) }
        if !parents.isEmpty { facts.inheritance[type, default: []] += parents }
    }

    /// Whose method a call on `base` is (`nil` base: implicit `self`).
    func receiver(of base: ExprSyntax?) -> CallReceiver {
        guard var expression = base else { return selfReceiver }
        while true {
            if let optional = expression.as(OptionalChainingExprSyntax.self) {
                expression = optional.expression
            } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
                expression = forced.expression
            } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first
            {
                expression = only.expression
            } else {
                break
            }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName
            if name.tokenKind == .keyword(.self) { return selfReceiver }
            if ReceiverFacts.coreLocationTypes.contains(name.text) { return .coreLocation }
            return .name(name.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName
            if let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName, Self.isTypeName(owner),
                Self.singletonNames.contains(name.bareText)
            {
                return .type(owner.text)
            }
            return .name(name.text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let type = constructedType(call) {
            return ReceiverFacts.coreLocationTypes.contains(type) ? .coreLocation : .type(type)
        }
        return .unknown
    }

    /// The selector of a call with its first argument label: `startMonitoring(for:)`, `requestAlwaysAuthorization()`.
    static func selector(_ name: String, firstLabel: String?) -> String {
        guard let firstLabel else { return "\(name)()" }
        return "\(name)(\(firstLabel):)"
    }

    private var selfReceiver: CallReceiver {
        guard let scope = scopes.last, let name = scope.names.last else { return .unknown }
        return .selfIn(name)
    }

    /// The type a value has, as far as its spelling tells: `T(…)`, `T.init(…)`, `T.shared`, or `"=name"` for
    /// another name (`self.manager`, `manager`).
    private func valueType(_ value: ExprSyntax) -> String? {
        var value = value
        if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
        if let call = value.as(FunctionCallExprSyntax.self) { return constructedType(call) }
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            return Self.isTypeName(reference.baseName) ? nil : "=\(reference.baseName.text)"
        }
        if let member = value.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName
            if let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName, Self.isTypeName(owner) {
                return Self.singletonNames.contains(name.bareText) ? owner.text : nil
            }
            return member.base == nil || Self.isTypeName(name) ? nil : "=\(name.text)"
        }
        return nil
    }

    /// The type a call constructs: `T(…)`, `T.init(…)`, `Module.T(…)`; `nil` for a function or method call.
    private func constructedType(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.rawText == "init",
            let base = member.base
        {
            called = base
        }
        if let reference = called.as(DeclReferenceExprSyntax.self), Self.isTypeName(reference.baseName) {
            return reference.baseName.text
        }
        if let member = called.as(MemberAccessExprSyntax.self), Self.isTypeName(member.declName.baseName) {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The name of a type annotation, without optionality, attributes or module: `CoreLocation.CLLocationManager!`
    /// → `CLLocationManager`; `nil` for functions, tuples and the like.
    static func typeName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return typeName(unwrapped.wrappedType)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return typeName(attributed.baseType) }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return typeName(some.constraint) }
        return nil
    }

    /// Whether a name is spelled as a type (starts with an uppercase letter).
    static func isTypeName(_ token: TokenSyntax) -> Bool {
        guard let first = token.bareText.first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }
}
