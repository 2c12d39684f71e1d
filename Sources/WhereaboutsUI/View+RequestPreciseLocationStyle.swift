#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

extension View {
    /// Sets the style of the ``RequestPreciseLocationButton``s in this view.
    ///
    /// - Parameter style: The style.
    /// - Returns: The view with the style in its environment.
    public func requestPreciseLocationStyle(_ style: some RequestPreciseLocationStyle) -> some View {
        environment(\.requestPreciseLocationStyle, style)
    }
}

extension EnvironmentValues {
    /// The style of the ``RequestPreciseLocationButton``s here: ``DefaultRequestPreciseLocationStyle`` unless set with
    /// `requestPreciseLocationStyle(_:)`.
    public var requestPreciseLocationStyle: any RequestPreciseLocationStyle {
        get { self[RequestPreciseLocationStyleKey.self] }
        set { self[RequestPreciseLocationStyleKey.self] = newValue }
    }
}

/// Where the environment keeps the precise button's style.
private struct RequestPreciseLocationStyleKey: EnvironmentKey {
    static let defaultValue: any RequestPreciseLocationStyle = DefaultRequestPreciseLocationStyle()
}
#endif
