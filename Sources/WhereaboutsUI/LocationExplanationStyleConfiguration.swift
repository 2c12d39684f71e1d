#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The texts and actions of the explanation before the system prompt, given to a ``LocationExplanationStyle``.
public struct LocationExplanationStyleConfiguration {
    /// The title (a header for VoiceOver in the default style).
    public let title: Text
    /// Why the app wants location: the app's `NSLocationWhenInUseUsageDescription` unless the app gave its own.
    public let purpose: Text
    /// The title of the button that asks.
    public let allowTitle: Text
    /// The title of the button that declines for now.
    public let declineTitle: Text
    /// Asks for When In Use authorization through the model (the system prompt comes up).
    public let allow: @MainActor () -> Void
    /// Declines for now without asking: the app's own action (dismiss the sheet, go on without location).
    public let decline: @MainActor () -> Void
}
#endif
