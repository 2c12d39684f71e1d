#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The default dot: a filled circle with an arrow turned to the bearing when one is known, a plain filled circle
/// otherwise, in the accent colour, sized by the title text style so that it follows Dynamic Type.
public struct DefaultUserLocationIndicatorStyle: UserLocationIndicatorStyle {
    /// Creates the default style.
    public init() {}

    /// Draws the dot.
    ///
    /// - Parameter configuration: Where the dot points, if a bearing is known.
    /// - Returns: The dot's view.
    @ViewBuilder @MainActor public func makeBody(configuration: Configuration) -> some View {
        if let bearing = configuration.bearing {
            Image(systemName: "location.north.circle.fill")
                .font(.title)
                .foregroundStyle(Color.accentColor)
                .rotationEffect(bearing)
        } else {
            Image(systemName: "circle.circle.fill").font(.title).foregroundStyle(Color.accentColor)
        }
    }
}
#endif
