#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The default "Request Precise Location" button: a button with its title in the body text style.
public struct DefaultRequestPreciseLocationStyle: RequestPreciseLocationStyle {
    /// Creates the default style.
    public init() {}

    /// Draws the button.
    ///
    /// - Parameter configuration: The button's title and action.
    /// - Returns: The button.
    @ViewBuilder @MainActor public func makeBody(configuration: Configuration) -> some View {
        Button(action: configuration.request) { configuration.title.font(.body) }
    }
}
#endif
