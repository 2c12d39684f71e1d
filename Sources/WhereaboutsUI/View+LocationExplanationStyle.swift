#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

extension View {
    /// Sets the style of the ``LocationExplanationView``s in this view.
    ///
    /// - Parameter style: The style.
    /// - Returns: The view with the style in its environment.
    public func locationExplanationStyle(_ style: some LocationExplanationStyle) -> some View {
        environment(\.locationExplanationStyle, style)
    }
}

extension EnvironmentValues {
    /// The style of the ``LocationExplanationView``s here: ``DefaultLocationExplanationStyle`` unless set with
    /// `locationExplanationStyle(_:)`.
    public var locationExplanationStyle: any LocationExplanationStyle {
        get { self[LocationExplanationStyleKey.self] }
        set { self[LocationExplanationStyleKey.self] = newValue }
    }
}

/// Where the environment keeps the explanation's style.
private struct LocationExplanationStyleKey: EnvironmentKey {
    static let defaultValue: any LocationExplanationStyle = DefaultLocationExplanationStyle()
}
#endif
