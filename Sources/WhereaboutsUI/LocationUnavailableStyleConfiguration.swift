#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI
public import Whereabouts

/// The texts and action of the screen of a location that is off, given to a ``LocationUnavailableStyle``.
public struct LocationUnavailableStyleConfiguration {
    /// Which screen it is: `.denied`, `.servicesOff` or `.restricted` (for a style that draws each its own way).
    public let screen: PermissionScreen
    /// The title (a header for VoiceOver in the default style).
    public let title: Text
    /// What the app cannot do (denied), where to turn Location Services on (off), or why nothing helps (restricted).
    public let message: Text
    /// The title of the Settings button.
    public let openSettingsTitle: Text
    /// Opens the app's page in Settings; `nil` when the screen has no Settings button (Location Services off,
    /// restricted) or the platform has no URL for the app's page (macOS).
    public let openSettings: (@MainActor () -> Void)?
}
#endif
