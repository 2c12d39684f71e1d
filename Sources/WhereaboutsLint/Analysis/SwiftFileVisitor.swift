import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// One walk over a parsed Swift file, collecting its string constants and, in `.full` mode, its location API uses.
///
/// Names are compared on the tokens' raw text, so the walk allocates nothing for the many nodes that are not
/// candidates.
final class SwiftFileVisitor: SyntaxVisitor {
    /// How much to collect.
    enum Mode: Equatable {
        /// Only file- and type-level constants; function bodies, closures and accessors are skipped.
        case constantsOnly
        /// Constants (local ones apart) and location API uses; bodies are walked only when they span one of the
        /// UTF-8 offsets (increasing) where the text names a location API.
        case full(candidateOffsets: [Int])
    }

    /// A type being walked: its name components, whether it is an enum with `String` raw values, and whether it
    /// is a protocol.
    struct Scope {
        var names: [String]
        var isStringEnum: Bool
        var isProtocol = false
    }

    let mode: Mode
    let file: String
    let tree: SourceFileSyntax
    /// File- and type-level constants, by every qualification of their name.
    private(set) var constants: [String: String] = [:]
    /// Constants in function bodies and closures.
    private(set) var localConstants: [String: String] = [:]
    /// The uses found so far.
    var usages: [PendingUsage] = []
    /// What the file declares about types, for deciding whose method a call is.
    var facts = ReceiverFacts()
    /// Every name the file declares (members, locals, parameters) → its types, or `"=name"` for an alias.
    var declaredTypes: [String: [String]] = [:]
    /// Whether the file imports CoreLocation or a module that re-exports it (MapKit, CoreLocationUI).
    var importsCoreLocation = false
    var scopes: [Scope] = []
    private lazy var converter = SourceLocationConverter(fileName: file, tree: tree)

    init(mode: Mode, file: String, tree: SourceFileSyntax) {
        self.mode = mode
        self.file = file
        self.tree = tree
        super.init(viewMode: .sourceAccurate)
    }

    /// Records a use at the start of `token`.
    func record(
        _ kind: PendingUsage.Kind,
        at token: TokenSyntax,
        receiver: CallReceiver = .coreLocation,
        selector: String? = nil
    ) {
        let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
        let position = SourcePosition(file: file, line: location.line, column: location.column)
        usages.append(
            PendingUsage(
                kind: kind,
                position: position,
                receiver: receiver,
                selector: selector,
                platforms: CompilationCondition.platforms(compiling: token),
                closure: Self.closureMember(around: token)
            )
        )
    }

    // MARK: Scopes

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name, inheriting: node.inheritanceClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name, inheriting: node.inheritanceClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name, inheriting: node.inheritanceClause)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let continuation = push(node.name, inheriting: node.inheritanceClause)
        scopes[scopes.count - 1].isProtocol = true
        return continuation
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStringEnum =
            node.inheritanceClause?.inheritedTypes.contains { inherited in
                inherited.type.as(IdentifierTypeSyntax.self)?.name.rawText == "String"
            } ?? false
        scopes.append(Scope(names: [node.name.text], isStringEnum: isStringEnum))
        recordInheritance(of: node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let names = Self.spelling(of: node.extendedType).split(separator: ".").map(String.init)
        scopes.append(Scope(names: names, isStringEnum: false))
        if let last = names.last { recordInheritance(of: last, node.inheritanceClause) }
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    /// A type's text without its outer trivia, as `trimmedDescription` gives it, without building a trimmed copy of
    /// the tree when the type is a single name (`Model`).
    private static func spelling(of type: TypeSyntax) -> String {
        if let token = type.firstToken(viewMode: .all), token.id == type.lastToken(viewMode: .all)?.id,
            token.presence == .present
        {
            return token.text
        }
        return type.trimmedDescription
    }

    private func push(_ name: TokenSyntax, inheriting clause: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(names: [name.text], isStringEnum: false))
        recordInheritance(of: name.text, clause)
        return .visitChildren
    }

    // MARK: Bodies

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { continuation(into: node) }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { continuation(into: node) }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { continuation(into: node) }

    /// Walk into a body only when collecting uses and the body spans a candidate name.
    private func continuation(into node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        guard case .full(let offsets) = mode else { return .skipChildren }
        let start = node.position.utf8Offset
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] < node.endPosition.utf8Offset ? .visitChildren : .skipChildren
    }

    var isCollectingUses: Bool { mode != .constantsOnly }

    // MARK: Constants

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        recordTypes(of: node)
        if node.bindingSpecifier.rawText == "let" {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                    let literal = binding.initializer?.value.as(StringLiteralExprSyntax.self),
                    let value = literal.representedLiteralValue
                else { continue }
                declare(name, value: value, in: Syntax(node))
            }
        }
        return continuation(into: node)
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let scope = scopes.last else { return .skipChildren }
        for element in node.elements {
            if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self) {
                guard let value = literal.representedLiteralValue else { continue }
                declare(element.name, value: value, in: Syntax(node))
            } else if scope.isStringEnum, element.parameterClause == nil, element.rawValue == nil {
                let name = Identifier(element.name)?.name ?? element.name.text
                declare(element.name, value: name, in: Syntax(node))
            }
        }
        return .skipChildren
    }

    /// Records a constant: by every qualification when it is a type member, by its name at file level, and
    /// among the file-local constants anywhere else.
    private func declare(_ token: TokenSyntax, value: String, in declaration: Syntax) {
        let name = Identifier(token)?.name ?? token.text
        if declaration.parent?.is(MemberBlockItemSyntax.self) == true {
            // `name`, then `Inner.name`, `Outer.Inner.name`…: each qualification one name longer.
            var key = name
            if constants[key] == nil { constants[key] = value }
            for scope in scopes.reversed() {
                for qualifier in scope.names.reversed() {
                    key = qualifier + "." + key
                    if constants[key] == nil { constants[key] = value }
                }
            }
        } else if declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            if constants[name] == nil { constants[name] = value }
        } else if localConstants[name] == nil {
            localConstants[name] = value
        }
    }

    // MARK: Uses

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if isCollectingUses { inspect(node) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if isCollectingUses { inspect(node) }
        return .visitChildren
    }

    // MARK: Receivers

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        inspect(node)
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        inspect(node)
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        inspect(node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if isCollectingUses { inspect(node) }
        return .visitChildren
    }
}
