internal import Foundation
import SwiftParser
import SwiftSyntax

/// Tells which uses in linked code sit in a closure that the target never calls.
///
/// A library written as a struct of closures (`Client(requestAlways: { manager.requestAlwaysAuthorization() },
/// …)`, the shape of many dependency clients) asks for location only when the app calls the closure by its
/// property's name. A use in linked code (see ``LintTarget/linkedSourceFiles``) that sits in a closure stored
/// under a name `N` (see ``CodeUsage/closure``) counts only when the project declares `N` as a property of
/// function type in the linked code and some code the target compiles for its platforms calls it: `.N(…)`,
/// `N(…)`, `N?(…)`, or `.N` or `N` passed on. Not counted as calls: assigning a new closure
/// (`client.N = { … }`), the closure's own body, and a method also named `N` that forwards to it
/// (`func N(…) { self.N(…) }`, an overload taking separate arguments). When `N` is not declared as such a
/// property (a completion handler, `execute:`), the use counts as before.
///
/// Only the target's Swift files that spell `N` as a whole word are parsed again, and only when a use sits in
/// such a closure; a project without one costs nothing.
struct ClosureMemberMentions {
    let root: URL
    /// (file, name) → what the file says about the name.
    private var scanned: [String: FileFacts] = [:]

    /// What one file says about a name.
    struct FileFacts {
        /// Whether it declares a property of function type with the name.
        var declaresClosureProperty = false
        /// Where it calls the closure, with the platforms that compile each call (`nil` for all).
        var calls: [(offset: Int, platforms: Set<BuildPlatform>?)] = []
    }

    init(root: URL) {
        self.root = root
    }

    /// The uses without those in linked code whose named closure the target never calls; those whose closure the
    /// target's own code calls are marked (``CodeUsage/isCalledByOwnCode``), since the app asks through them.
    ///
    /// - Parameters:
    ///   - usages: The uses in the target's files.
    ///   - target: The target.
    /// - Returns: The uses that may run in the target, in the same order.
    mutating func callableUses(_ usages: [CodeUsage], of target: LintTarget) -> [CodeUsage] {
        guard
            usages.contains(where: { $0.closure != nil && target.linkedSourceFiles.contains($0.position.file) })
        else { return usages }
        let builds = BuildPlatform.builds(of: target)
        let swiftFiles = target.sourceFiles.filter { $0.hasSuffix(".swift") }
        return usages.compactMap { usage in
            guard let closure = usage.closure, target.linkedSourceFiles.contains(usage.position.file) else {
                return usage
            }
            var declared = false
            var called = false
            var calledByOwnCode = false
            for file in swiftFiles {
                let facts = self.facts(about: closure.name, in: file)
                // The property is the library's: an app's own closure of the same name says nothing of it.
                declared = declared || (facts.declaresClosureProperty && target.linkedSourceFiles.contains(file))
                let calls = facts.calls.contains { call in
                    guard call.platforms.map({ !$0.isDisjoint(with: builds) }) ?? true else { return false }
                    return file != usage.position.file || !closure.range.contains(call.offset)
                }
                called = called || calls
                calledByOwnCode = calledByOwnCode || (calls && !target.linkedSourceFiles.contains(file))
            }
            guard declared else { return usage }
            guard called else { return nil }
            var marked = usage
            marked.isCalledByOwnCode = calledByOwnCode
            return marked
        }
    }

    /// What a file says about a name, read and parsed once; nothing when the file does not spell the name.
    private mutating func facts(about name: String, in file: String) -> FileFacts {
        let key = "\(file)\n\(name)"
        if let known = scanned[key] { return known }
        var facts = FileFacts()
        if let data = try? Data(contentsOf: root.appending(path: file, directoryHint: .notDirectory)) {
            let text = String(decoding: data, as: UTF8.self)
            if Self.spells(name, in: text) {
                let finder = Finder(name: name)
                finder.walk(Parser.parse(source: text))
                facts = finder.facts
            }
        }
        scanned[key] = facts
        return facts
    }

    /// Whether the text has `name` as a whole identifier.
    static func spells(_ name: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let found = text.range(of: name, range: searchStart..<text.endIndex) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isPart = { (character: Character?) in
                character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !isPart(before) && !isPart(after) { return true }
            searchStart = found.upperBound
        }
        return false
    }

    /// Collects a file's declarations and calls of one name.
    private final class Finder: SyntaxVisitor {
        let name: String
        var facts = FileFacts()

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let type = node.typeAnnotation?.type, Self.isFunctionType(type)
            {
                facts.declaresClosureProperty = true
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            // A method of the same name forwards to the closure; calls in it are not the app's.
            node.name.text == name ? .skipChildren : .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.declName.baseName.text == name, !Self.isAssigned(node) { record(node) }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `N(…)`, `N?(…)` and `N` passed on as a value; `x.N` is the member access's, above.
            if node.baseName.text == name, node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id,
                !Self.isAssigned(node)
            {
                record(node)
            }
            return .visitChildren
        }

        private func record(_ node: some SyntaxProtocol) {
            facts.calls.append(
                (node.positionAfterSkippingLeadingTrivia.utf8Offset, CompilationCondition.platforms(compiling: node))
            )
        }

        /// Whether an expression is the left side of an assignment (`client.name = { … }`, `name = { … }`).
        private static func isAssigned(_ node: some ExprSyntaxProtocol) -> Bool {
            guard let list = node.parent?.as(ExprListSyntax.self),
                let index = list.firstIndex(where: { $0.id == node.id })
            else { return false }
            let next = list.index(after: index)
            return next != list.endIndex && list[next].is(AssignmentExprSyntax.self)
        }

        /// Whether a type is a function type, under attributes, optionality or parentheses.
        private static func isFunctionType(_ type: TypeSyntax) -> Bool {
            if type.is(FunctionTypeSyntax.self) { return true }
            if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
            if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                return isFunctionType(unwrapped.wrappedType)
            }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                return isFunctionType(only.type)
            }
            return false
        }
    }
}
