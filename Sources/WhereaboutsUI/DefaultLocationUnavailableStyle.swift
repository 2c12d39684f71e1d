#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The default layout of the screen of a location that is off: the title as a header, the message, then the
/// Settings button when there is one, top to bottom, in text styles for Dynamic Type.
public struct DefaultLocationUnavailableStyle: LocationUnavailableStyle {
    /// Creates the default style.
    public init() {}

    /// Lays out the screen.
    ///
    /// - Parameter configuration: The screen's texts and its Settings action, if it has one.
    /// - Returns: The screen's view.
    @ViewBuilder @MainActor public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading) {
            configuration.title.font(.title2).accessibilityAddTraits(.isHeader)
            configuration.message.font(.body)
            if let openSettings = configuration.openSettings {
                Button(action: openSettings) { configuration.openSettingsTitle.font(.headline) }
            }
        }
    }
}
#endif
