#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

extension View {
    /// Sets the style of the ``LocationUnavailableView``s in this view.
    ///
    /// - Parameter style: The style.
    /// - Returns: The view with the style in its environment.
    public func locationUnavailableStyle(_ style: some LocationUnavailableStyle) -> some View {
        environment(\.locationUnavailableStyle, style)
    }
}

extension EnvironmentValues {
    /// The style of the ``LocationUnavailableView``s here: ``DefaultLocationUnavailableStyle`` unless set with
    /// `locationUnavailableStyle(_:)`.
    public var locationUnavailableStyle: any LocationUnavailableStyle {
        get { self[LocationUnavailableStyleKey.self] }
        set { self[LocationUnavailableStyleKey.self] = newValue }
    }
}

/// Where the environment keeps the style of the screen of a location that is off.
private struct LocationUnavailableStyleKey: EnvironmentKey {
    static let defaultValue: any LocationUnavailableStyle = DefaultLocationUnavailableStyle()
}
#endif
