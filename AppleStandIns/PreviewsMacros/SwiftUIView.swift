// Stand-in for the implementation of SwiftUI's `#Preview` (Apple's is `PreviewsMacros.SwiftUIView`, a compiler plugin
// of Xcode), for scripts/check-apple.sh: it makes the compiler type-check a preview's name and body, and nothing more.
// The expansion never runs and renders nothing.
import SwiftSyntax
import SwiftSyntaxMacros

/// Expands `#Preview(_ name: String? = nil, body:)` into a type whose function takes the macro's own arguments, as
/// written, with the parameter list of SwiftUI's declaration (`_ name: String? = nil, @ViewBuilder body: @escaping
/// @MainActor () -> any View`): the body is type-checked as a view builder on the main actor, exactly where the
/// preview is, and a type error in it is reported at its own line.
///
/// ```swift
/// #Preview("Denied") { LocationUnavailableView(model: .preview(.denied)) }
/// // becomes (the type's name unique to this expansion)
/// @MainActor enum $…PreviewRegistry… {
///     static func preview(_ name: String? = nil, @SwiftUI.ViewBuilder body: @escaping @MainActor () -> any SwiftUI.View)
///         -> (name: String?, body: @MainActor () -> any SwiftUI.View) { (name, body) }
///     static func makePreview() -> (name: String?, body: @MainActor () -> any SwiftUI.View) {
///         preview("Denied") { LocationUnavailableView(model: .preview(.denied)) }
///     }
/// }
/// ```
///
/// The type's name holds `PreviewRegistry`, so `scripts/check-apple.sh` can count the previews compiled into each
/// object file.
public struct SwiftUIView: DeclarationMacro {
    /// The type that holds the preview's name and body, type-checked with the declaration's parameters.
    ///
    /// - Parameters:
    ///   - node: The `#Preview` as written: its arguments and trailing closure.
    ///   - context: Where it is expanded; gives the type's unique name.
    /// - Returns: The one type.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) -> [DeclSyntax] {
        let registry = context.makeUniqueName("PreviewRegistry")
        var call = "preview(\(node.arguments.trimmedDescription))"
        if let trailingClosure = node.trailingClosure {
            call += " \(trailingClosure.trimmedDescription)"
        }
        for closure in node.additionalTrailingClosures {
            call += " \(closure.trimmedDescription)"
        }
        return [
            """
            @MainActor enum \(registry) {
                static func preview(
                    _ name: String? = nil,
                    @SwiftUI.ViewBuilder body: @escaping @MainActor () -> any SwiftUI.View
                ) -> (name: String?, body: @MainActor () -> any SwiftUI.View) {
                    (name, body)
                }

                static func makePreview() -> (name: String?, body: @MainActor () -> any SwiftUI.View) {
                    \(raw: call)
                }
            }
            """
        ]
    }
}
