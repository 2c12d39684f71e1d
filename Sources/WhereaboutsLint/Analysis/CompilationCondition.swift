import SwiftSyntax

/// Which platforms compile a piece of Swift code, from the `#if` branches around it.
///
/// Decides the conditions whose answer depends on the platform alone: `os(iOS)`, `os(macOS)`, `os(watchOS)`,
/// `os(tvOS)`, `os(visionOS)`, `targetEnvironment(macCatalyst)`, `canImport(UIKit)`, `canImport(AppKit)` and
/// `canImport(WatchKit)`, joined with `!`, `&&`, `||` and parentheses. Any other condition (a compiler flag, a
/// Swift version, `targetEnvironment(simulator)`) is unknown, and code under an unknown condition counts for every
/// platform, as it would with no `#if` at all.
enum CompilationCondition {
    /// The platforms that compile the code at `node`, or `nil` when every platform may.
    ///
    /// Walks up from the node through the enclosing `#if` clauses only, so it costs as much as the node's depth.
    ///
    /// - Parameter node: A node in a parsed file.
    /// - Returns: The platforms whose builds keep the node, or `nil` for all of them.
    static func platforms(compiling node: some SyntaxProtocol) -> Set<BuildPlatform>? {
        var result: Set<BuildPlatform>?
        var current = node.parent
        while let parent = current {
            if let clause = parent.as(IfConfigClauseSyntax.self),
                let list = clause.parent?.as(IfConfigClauseListSyntax.self)
            {
                let kept = Set(BuildPlatform.allCases.filter { keeps(clause, of: list, on: $0) })
                result = result.map { $0.intersection(kept) } ?? kept
            }
            current = parent.parent
        }
        guard let result, result.count < BuildPlatform.allCases.count else { return nil }
        return result
    }

    /// Whether a platform's build keeps a clause: its condition may hold and no earlier clause surely does.
    private static func keeps(
        _ clause: IfConfigClauseSyntax,
        of list: IfConfigClauseListSyntax,
        on platform: BuildPlatform
    )
        -> Bool
    {
        for earlier in list {
            if earlier.id == clause.id {
                return clause.condition.map { evaluate($0, on: platform) != false } ?? true
            }
            if let condition = earlier.condition, evaluate(condition, on: platform) == true { return false }
        }
        return true
    }

    /// The value of a condition on a platform: `true`, `false`, or `nil` when it does not depend on the platform
    /// alone.
    ///
    /// - Parameters:
    ///   - condition: An `#if` condition.
    ///   - platform: The build.
    /// - Returns: Whether the condition holds there, when known.
    static func evaluate(_ condition: ExprSyntax, on platform: BuildPlatform) -> Bool? {
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression, on: platform)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self) {
            guard prefix.operator.text == "!" else { return nil }
            return evaluate(prefix.expression, on: platform).map { !$0 }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return combine(
                name,
                evaluate(infix.leftOperand, on: platform),
                evaluate(infix.rightOperand, on: platform)
            )
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), on: platform)
        }
        if let call = condition.as(FunctionCallExprSyntax.self) {
            return evaluate(call, on: platform)
        }
        return nil
    }

    /// An unfolded `a || b && c`: `&&` binds tighter than `||`; any other operator makes it unknown.
    private static func evaluate(sequence elements: [ExprSyntax], on platform: BuildPlatform) -> Bool? {
        guard elements.count % 2 == 1 else { return nil }
        var disjuncts: [Bool?] = []
        var conjunction = evaluate(elements[0], on: platform)
        var index = 1
        while index + 1 < elements.count {
            switch elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text {
            case "&&": conjunction = combine("&&", conjunction, evaluate(elements[index + 1], on: platform))
            case "||":
                disjuncts.append(conjunction)
                conjunction = evaluate(elements[index + 1], on: platform)
            default: return nil
            }
            index += 2
        }
        disjuncts.append(conjunction)
        return disjuncts.dropFirst().reduce(disjuncts[0]) { combine("||", $0, $1) }
    }

    private static func combine(_ name: String, _ left: Bool?, _ right: Bool?) -> Bool? {
        switch name {
        case "&&":
            if left == false || right == false { return false }
            return left == true && right == true ? true : nil
        case "||":
            if left == true || right == true { return true }
            return left == false && right == false ? false : nil
        default:
            return nil
        }
    }

    private static func evaluate(_ call: FunctionCallExprSyntax, on platform: BuildPlatform) -> Bool? {
        guard let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            call.arguments.count == 1,
            let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        switch (function, argument) {
        case ("os", "iOS"): return platform == .iOS || platform == .macCatalyst
        case ("os", "macOS"), ("os", "OSX"): return platform == .macOS
        case ("os", "watchOS"): return platform == .watchOS
        case ("os", "tvOS"): return platform == .tvOS
        case ("os", "visionOS"), ("os", "xrOS"): return platform == .visionOS
        case ("os", "Linux"), ("os", "Windows"), ("os", "Android"): return false
        case ("targetEnvironment", "macCatalyst"): return platform == .macCatalyst
        case ("canImport", "UIKit"): return platform != .macOS
        // Mac Catalyst can import AppKit in parts; leave it unknown there.
        case ("canImport", "AppKit"): return platform == .macCatalyst ? nil : platform == .macOS
        case ("canImport", "WatchKit"): return platform == .watchOS ? true : nil
        default: return nil
        }
    }
}
