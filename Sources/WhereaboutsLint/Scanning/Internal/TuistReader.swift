import SwiftParser
import SwiftSyntax

/// Reads the targets of a Tuist `Project.swift` with swift-syntax (best effort: literal arguments only).
enum TuistReader {
    /// Reads the source of the manifest at `file` (relative to the root): its app, watch and extension targets,
    /// each with the code of the frameworks and libraries of the manifest it depends on.
    static func read(text: String, file: String) -> [ScannedTarget] {
        let tree = Parser.parse(source: text)
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let folder = ScanPaths.directory(of: file)
        var bundles: [String] = []
        var code: [String: ScannedTarget] = [:]
        var linked: [String: [String]] = [:]
        for call in finder.calls {
            guard let found = target(from: call, file: file, folder: folder, converter: converter),
                code[found.target.name] == nil
            else { continue }
            var scanned = found.target
            linked[scanned.name] = dependencies(of: call, into: &scanned)
            code[scanned.name] = scanned
            if found.isBundle { bundles.append(scanned.name) }
        }
        return bundles.compactMap { name in
            guard var target = code[name] else { return nil }
            guard target.takesLinkedCode else { return target }
            var seen: Set<String> = [name]
            var queue = linked[name] ?? []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted, let library = code[next], library.kind == .unknown else { continue }
                target.link(library)
                queue += linked[next] ?? []
            }
            return target
        }
    }

    /// `dependencies: [.target(name: "Core"), .package(product: "Maps"), .external(name: "Maps")]`: the
    /// manifest's targets it links; package products go into `scanned`.
    private static func dependencies(of call: FunctionCallExprSyntax, into scanned: inout ScannedTarget) -> [String] {
        guard
            let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression
                .as(ArrayExprSyntax.self)
        else { return [] }
        var targets: [String] = []
        for element in list.elements {
            guard let dependency = element.expression.as(FunctionCallExprSyntax.self),
                let member = dependency.calledExpression.as(MemberAccessExprSyntax.self)
            else { continue }
            let first = dependency.arguments.first.flatMap { string($0.expression) }
            switch member.declName.baseName.text {
            case "target": if let first { targets.append(first) }
            case "package", "external":
                if let first { scanned.packageProducts.append(first) }
            default: continue
            }
        }
        return targets
    }

    private static func target(
        from call: FunctionCallExprSyntax,
        file: String,
        folder: String,
        converter: SourceLocationConverter
    ) -> (target: ScannedTarget, isBundle: Bool)? {
        func argument(_ label: String) -> ExprSyntax? {
            call.arguments.first { $0.label?.text == label }?.expression
        }
        func position(_ node: Syntax) -> SourcePosition {
            let location = node.startLocation(converter: converter)
            return SourcePosition(file: file, line: location.line, column: location.column)
        }
        // A target's definition names its product; `.target(name:)` in a dependency list does not.
        guard let name = argument("name").flatMap(string), let productArgument = argument("product") else {
            return nil
        }
        let product = productArgument.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
        let destinations = argument("destinations").map { $0.trimmedDescription.lowercased() } ?? ""
        let platform = argument("platform").map { $0.trimmedDescription.lowercased() } ?? ""
        let kind: LintTarget.Kind
        switch product {
        case "app", "appClip":
            kind = platform.contains("watchos") || destinations.contains("watch") ? .watchApp : .app
        case "watch2App", "watch2Extension": kind = .watchApp
        case "appExtension", "extensionKitExtension", "messagesExtension", "stickerPackExtension": kind = .appExtension
        case "framework", "staticFramework", "staticLibrary", "dynamicLibrary": kind = .unknown
        default: return nil
        }
        var scanned = ScannedTarget(name: name, kind: kind, position: position(Syntax(call)), projectFolder: folder)
        scanned.infoOverridesPlist = true
        if let infoPlist = argument("infoPlist") {
            readInfoPlist(infoPlist, folder: folder, into: &scanned, position: position)
        }
        if let sources = argument("sources") {
            scanned.sourceFolders = strings(in: sources).map { ScanPaths.join(folder, globFolder($0)) }
            scanned.namesCode = !scanned.sourceFolders.isEmpty
        }
        if let deployment = argument("deploymentTargets") ?? argument("deploymentTarget") {
            scanned.deploymentTarget = strings(in: deployment).first
        }
        return (scanned, kind != .unknown)
    }

    /// `.extendingDefault(with: [...])`, `.dictionary([...])`, `.file(path: "...")` or a plain path literal.
    private static func readInfoPlist(
        _ expression: ExprSyntax,
        folder: String,
        into scanned: inout ScannedTarget,
        position: (Syntax) -> SourcePosition
    ) {
        if let path = string(expression) {
            scanned.infoPlistFile = ScanPaths.join(folder, path)
            return
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return }
        for argument in call.arguments {
            if let path = string(argument.expression) {
                scanned.infoPlistFile = ScanPaths.join(folder, path)
            } else if let dictionary = argument.expression.as(DictionaryExprSyntax.self),
                case .elements(let elements) = dictionary.content
            {
                for element in elements {
                    guard let key = string(element.key) else { continue }
                    scanned.info[key] = DeclaredValue(
                        value(of: element.value),
                        at: position(Syntax(element.key)),
                        origin: .tuist
                    )
                }
            }
        }
    }

    /// A Tuist `Plist.Value`: a literal, or `.string(…)`, `.boolean(…)`, `.array(…)`, `.dictionary(…)`.
    private static func value(of expression: ExprSyntax) -> DeclaredValue.Value {
        if let text = string(expression) { return .string(text) }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if let call = expression.as(FunctionCallExprSyntax.self), let inner = call.arguments.first?.expression,
            call.calledExpression.is(MemberAccessExprSyntax.self)
        {
            return value(of: inner)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            let items = array.elements.map { element -> String? in
                if case .string(let text) = value(of: element.expression) { return text }
                return nil
            }
            let strings = items.compactMap { $0 }
            return strings.count == items.count ? .array(strings) : .other("an array of non-string values")
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .dictionary([:]) }
            var entries: [String: String] = [:]
            for element in elements {
                guard let key = string(element.key), case .string(let text) = value(of: element.value) else {
                    return .other("a dictionary with non-string values")
                }
                entries[key] = text
            }
            return .dictionary(entries)
        }
        return .other("an expression the linter cannot evaluate (\(expression.trimmedDescription))")
    }

    /// The text of a string literal without interpolation, or `nil`.
    private static func string(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return text
    }

    /// Every string literal inside an expression (`["App/**"]`, `.paths(["App/**"])`, `.iOS("17.0")`).
    private static func strings(in expression: ExprSyntax) -> [String] {
        let collector = StringCollector(viewMode: .sourceAccurate)
        collector.walk(expression)
        return collector.strings
    }

    /// The folder before the first wildcard of a glob: `"Targets/App/Sources/**"` → `"Targets/App/Sources"`.
    private static func globFolder(_ glob: String) -> String {
        let parts = glob.split(separator: "/").prefix { !$0.contains("*") && !$0.contains("{") }
        return parts.joined(separator: "/")
    }
}

/// Finds `Target(...)` and `.target(...)` calls.
private final class TargetFinder: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression
        if callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target" {
            calls.append(node)
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "target"
        {
            calls.append(node)
        }
        return .visitChildren
    }
}

/// Collects string literals.
private final class StringCollector: SyntaxVisitor {
    var strings: [String] = []

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let pieces = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
        strings.append(pieces.joined())
        return .skipChildren
    }
}
