// The compiler plugin that serves the stand-in `#Preview` (AppleStandIns/PreviewsMacros/SwiftUIView.swift).
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The plugin's entry point: its one macro, `SwiftUIView`.
@main
struct PreviewsMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [SwiftUIView.self]
}
