#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// How ``UserLocationIndicatorContent`` draws the precise dot (an annotation's view) on the map.
///
/// ```swift
/// struct ArrowIndicatorStyle: UserLocationIndicatorStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Image(systemName: "location.north.line.fill").rotationEffect(configuration.bearing ?? .zero)
///     }
/// }
///
/// Map { UserLocationIndicatorContent(model: model) }
///     .userLocationIndicatorStyle(ArrowIndicatorStyle())
/// ```
///
/// Whether a dot, a circle or nothing is drawn is the model's decision (`indicator`); a style only draws the dot.
public protocol UserLocationIndicatorStyle: Sendable {
    /// The view a style makes.
    associatedtype Body: View
    /// What the dot shows.
    typealias Configuration = UserLocationIndicatorStyleConfiguration

    /// Makes the dot.
    ///
    /// - Parameter configuration: Where the dot points, if a bearing is known.
    /// - Returns: The dot's view.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
}
#endif
