import SwiftParser
import SwiftSyntax

/// Reads which targets each library product of a `Package.swift` holds, and where each target's code is.
///
/// Only string literals are read: a `path:` given by a variable falls back to SwiftPM's default,
/// `Sources/<name>`.
struct PackageManifestReader {
    /// A target of the package: its name, its folder (relative to the package) and the local targets it uses.
    struct Target: Equatable {
        var name: String
        var path: String
        var dependencies: [String]
    }

    /// Product name → the names of its targets.
    var products: [String: [String]] = [:]
    /// Target name → the target.
    var targets: [String: Target] = [:]

    /// Reads the manifest text.
    init(text: String) {
        let file = Parser.parse(source: text)
        let visitor = CallVisitor(viewMode: .sourceAccurate)
        visitor.walk(file)
        products = visitor.products
        for target in visitor.targets where targets[target.name] == nil { targets[target.name] = target }
    }

    /// The folders (relative to the package) of the code of `product`: its targets and the local targets they
    /// depend on; `nil` when the manifest declares no product or target of that name.
    func folders(ofProduct product: String) -> [String]? {
        var pending = products[product] ?? (targets[product] != nil ? [product] : [])
        guard !pending.isEmpty else { return nil }
        var seen: Set<String> = []
        var folders: [String] = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let target = targets[name] else { continue }
            folders.append(target.path)
            pending += target.dependencies
        }
        return folders.sorted()
    }

    private final class CallVisitor: SyntaxVisitor {
        var products: [String: [String]] = [:]
        var targets: [Target] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            let kind = member.declName.baseName.text
            let arguments = node.arguments
            guard let name = Self.string(arguments.first { $0.label?.text == "name" }?.expression) else {
                return .visitChildren
            }
            switch kind {
            case "library", "executable":
                let list = arguments.first { $0.label?.text == "targets" }?.expression
                products[name, default: []] += Self.strings(in: list)
            case "target", "executableTarget", "macro":
                // `.target(name:)` inside a dependency list names a dependency, not a declaration.
                guard !Self.isInsideDependencies(node) else { break }
                let path = Self.string(arguments.first { $0.label?.text == "path" }?.expression)
                let list = arguments.first { $0.label?.text == "dependencies" }?.expression
                targets.append(
                    Target(
                        name: name,
                        path: path.map { ScanPaths.normalize($0) } ?? "Sources/\(name)",
                        dependencies: Self.localDependencies(in: list)
                    )
                )
            default:
                break
            }
            return .visitChildren
        }

        /// Whether the call sits in a `dependencies:` argument.
        private static func isInsideDependencies(_ node: FunctionCallExprSyntax) -> Bool {
            var parent = node.parent
            while let current = parent {
                if let labeled = current.as(LabeledExprSyntax.self), labeled.label?.text == "dependencies" {
                    return true
                }
                parent = current.parent
            }
            return false
        }

        /// The local targets in a `dependencies:` list: plain strings, `.target(name:)` and `.byName(name:)`.
        private static func localDependencies(in expression: ExprSyntax?) -> [String] {
            guard let array = expression?.as(ArrayExprSyntax.self) else { return [] }
            var names: [String] = []
            for element in array.elements {
                if let text = string(element.expression) {
                    names.append(text)
                } else if let call = element.expression.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    ["target", "byName"].contains(member.declName.baseName.text),
                    let text = string(call.arguments.first { $0.label?.text == "name" }?.expression)
                {
                    names.append(text)
                }
            }
            return names
        }

        private static func strings(in expression: ExprSyntax?) -> [String] {
            guard let array = expression?.as(ArrayExprSyntax.self) else { return [] }
            return array.elements.compactMap { string($0.expression) }
        }

        /// The value of a string literal without interpolation.
        private static func string(_ expression: ExprSyntax?) -> String? {
            guard let literal = expression?.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            for segment in literal.segments {
                guard let part = segment.as(StringSegmentSyntax.self) else { return nil }
                text += part.content.text
            }
            return text
        }
    }
}
