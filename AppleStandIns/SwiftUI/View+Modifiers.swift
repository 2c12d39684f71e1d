// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

extension View {
    /// Sets a value of the environment for this view and the views in it.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        self
    }

    /// Sets the font of the text in this view.
    nonisolated public func font(_ font: Font?) -> some View { self }

    /// Sets the style of the foreground (text and symbols).
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { self }

    /// Rotates the view.
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { self }

    /// Adds accessibility traits (`.isHeader` for a title).
    nonisolated public func accessibilityAddTraits(
        _ traits: AccessibilityTraits
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError("stand-in")
    }
}
