#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// How a ``RequestPreciseLocationButton`` draws its button.
///
/// ```swift
/// struct ProminentPreciseStyle: RequestPreciseLocationStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Button(action: configuration.request) { configuration.title.bold() }
///     }
/// }
/// ```
///
/// Whether the button shows is the model's decision (`showsRequestPreciseButton`); a style only draws it.
public protocol RequestPreciseLocationStyle: Sendable {
    /// The view a style makes.
    associatedtype Body: View
    /// The title and action a style lays out.
    typealias Configuration = RequestPreciseLocationStyleConfiguration

    /// Makes the button from its title and action.
    ///
    /// - Parameter configuration: The button's title and action.
    /// - Returns: The button's view.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
}
#endif
