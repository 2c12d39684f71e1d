// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped.

/// `Preview(_:body:)`: a preview of a SwiftUI view for Xcode's canvas, with an optional name.
///
/// Declared with Apple's parameters, attributes and macro role. Its implementation here is not Apple's
/// (`PreviewsMacros.SwiftUIView`, a plugin of Xcode) but a stand-in of the same module and type name, in
/// `AppleStandIns/PreviewsMacros`, whose expansion only makes the compiler type-check the name and the body; nothing
/// is registered or rendered.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")
