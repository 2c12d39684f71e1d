#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

extension View {
    /// Sets the style of the dots of ``UserLocationIndicatorContent`` in this view.
    ///
    /// - Parameter style: The style.
    /// - Returns: The view with the style in its environment.
    public func userLocationIndicatorStyle(_ style: some UserLocationIndicatorStyle) -> some View {
        environment(\.userLocationIndicatorStyle, style)
    }
}

extension EnvironmentValues {
    /// The style of the dots of ``UserLocationIndicatorContent`` here: ``DefaultUserLocationIndicatorStyle`` unless set with
    /// `userLocationIndicatorStyle(_:)`.
    public var userLocationIndicatorStyle: any UserLocationIndicatorStyle {
        get { self[UserLocationIndicatorStyleKey.self] }
        set { self[UserLocationIndicatorStyleKey.self] = newValue }
    }
}

/// Where the environment keeps the dot's style.
private struct UserLocationIndicatorStyleKey: EnvironmentKey {
    static let defaultValue: any UserLocationIndicatorStyle = DefaultUserLocationIndicatorStyle()
}
#endif
