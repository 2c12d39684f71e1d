#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The explanation's default layout: the title as a header, the purpose, then the button that asks and the one
/// that declines, top to bottom (VoiceOver reads them in that order), all in text styles for Dynamic Type.
public struct DefaultLocationExplanationStyle: LocationExplanationStyle {
    /// Creates the default style.
    public init() {}

    /// Lays out the explanation.
    ///
    /// - Parameter configuration: The explanation's texts and actions.
    /// - Returns: The explanation's view.
    @ViewBuilder @MainActor public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading) {
            configuration.title.font(.title2).accessibilityAddTraits(.isHeader)
            configuration.purpose.font(.body)
            Button(action: configuration.allow) { configuration.allowTitle.font(.headline) }
            Button(action: configuration.decline) { configuration.declineTitle.font(.body) }
        }
    }
}
#endif
