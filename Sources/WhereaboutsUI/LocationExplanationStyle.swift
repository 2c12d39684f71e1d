#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// How a ``LocationExplanationView`` lays out its title, purpose and two buttons, as `ButtonStyle` lays out a button.
///
/// ```swift
/// struct CardExplanationStyle: LocationExplanationStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack {
///             configuration.title.font(.largeTitle)
///             configuration.purpose
///             Button(action: configuration.allow) { configuration.allowTitle }
///             Button(action: configuration.decline) { configuration.declineTitle }
///         }
///     }
/// }
///
/// LocationExplanationView(model: model) { showExplanation = false }
///     .locationExplanationStyle(CardExplanationStyle())
/// ```
///
/// What to show and when is the model's (``LocationExplanationView`` shows the style only when the model's `screen`
/// is `.explanation`); a style only draws. Keep the title a header for VoiceOver and the texts in text styles, so
/// that Dynamic Type applies.
public protocol LocationExplanationStyle: Sendable {
    /// The view a style makes.
    associatedtype Body: View
    /// The texts and actions a style lays out.
    typealias Configuration = LocationExplanationStyleConfiguration

    /// Makes the explanation from its texts and actions.
    ///
    /// - Parameter configuration: The texts and actions of the explanation.
    /// - Returns: The explanation's view.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
}
#endif
