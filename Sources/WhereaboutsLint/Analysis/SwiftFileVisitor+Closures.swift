import SwiftSyntax

extension SwiftFileVisitor {
    /// The closure value stored under a name that holds `token`, if any: the nearest enclosing closure passed as a
    /// labelled argument (`requestAlways: { … }`), bound to a variable (`let requestAlways = { … }`) or assigned
    /// to a property (`client.requestAlways = { … }`), with no function, initializer or accessor declared between.
    ///
    /// Walks up from the token only, so it costs as much as the token's depth.
    ///
    /// - Parameter token: The token of a use.
    /// - Returns: The closure's name and range, or `nil`.
    static func closureMember(around token: TokenSyntax) -> CodeUsage.ClosureMember? {
        var current = token.parent
        while let node = current {
            switch node.kind {
            case .functionDecl, .initializerDecl, .accessorDecl, .deinitializerDecl, .subscriptDecl, .memberBlockItem,
                .sourceFile:
                return nil
            default:
                break
            }
            if let closure = node.as(ClosureExprSyntax.self), let name = storedName(of: closure) {
                return CodeUsage.ClosureMember(
                    name: name,
                    range: closure.position.utf8Offset..<closure.endPosition.utf8Offset
                )
            }
            current = node.parent
        }
        return nil
    }

    /// The name a closure is stored under: its argument label, the variable it initializes, or the property it
    /// is assigned to.
    private static func storedName(of closure: ClosureExprSyntax) -> String? {
        guard let parent = closure.parent else { return nil }
        if let argument = parent.as(LabeledExprSyntax.self) { return argument.label?.text }
        if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let list = parent.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == closure.id }),
            index != list.startIndex
        {
            let operatorIndex = list.index(before: index)
            guard list[operatorIndex].is(AssignmentExprSyntax.self), operatorIndex != list.startIndex else {
                return nil
            }
            let target = list[list.index(before: operatorIndex)]
            if let member = target.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
            return target.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return nil
    }
}
