#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// How a ``LocationUnavailableView`` lays out the screen of a location that is off: denied, Location Services off,
/// or restricted.
///
/// ```swift
/// struct BannerUnavailableStyle: LocationUnavailableStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack {
///             configuration.title.font(.headline)
///             configuration.message
///             if let openSettings = configuration.openSettings {
///                 Button(action: openSettings) { configuration.openSettingsTitle }
///             }
///         }
///     }
/// }
/// ```
///
/// Which screen it is and whether it has a Settings button are the model's decisions
/// (`PermissionScreen`); a style only draws them.
public protocol LocationUnavailableStyle: Sendable {
    /// The view a style makes.
    associatedtype Body: View
    /// The texts and action a style lays out.
    typealias Configuration = LocationUnavailableStyleConfiguration

    /// Makes the screen from its texts and action.
    ///
    /// - Parameter configuration: The screen's texts and its Settings action, if it has one.
    /// - Returns: The screen's view.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
}
#endif
