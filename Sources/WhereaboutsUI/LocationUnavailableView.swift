#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import Foundation
public import SwiftUI
public import Whereabouts
#if canImport(UIKit)
import UIKit
#endif

/// The screen of a location that is off: after a denial, what the app cannot do and a button to its page in
/// Settings; with Location Services off, where to turn them on; when restricted, that nothing in the app helps.
///
/// Which of the three it shows, and whether it has the Settings button, follow the model's
/// `LocationPermissionModel.screen`: `.denied` has the button, `.servicesOff` and `.restricted` do not
/// (the app's page cannot turn Location Services on, and a restriction is not the person's to change). In every
/// other state it is empty. The button opens `UIApplication.openSettingsURLString` through the environment's
/// `openURL`; macOS has no such URL, so there the denied screen has no button.
///
/// ```swift
/// VStack {
///     LocationUnavailableView(model: model, deniedMessage: Text("Without your location, no nearby stations."))
///     StationList()
/// }
/// ```
///
/// The layout is a ``LocationUnavailableStyle`` (``DefaultLocationUnavailableStyle`` unless
/// `.locationUnavailableStyle(_:)` sets another).
public struct LocationUnavailableView: View {
    private let model: LocationPermissionModel
    private let deniedTitle: Text?
    private let deniedMessage: Text?
    private let openSettingsTitle: Text?
    private let servicesOffTitle: Text?
    private let servicesOffMessage: Text?
    private let restrictedTitle: Text?
    private let restrictedMessage: Text?
    @Environment(\.locationUnavailableStyle) private var style
    @Environment(\.openURL) private var openURL

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - model: The model that decides which screen to show.
    ///   - deniedTitle: The denied screen's title, or `nil` for "Location Access Is Off".
    ///   - deniedMessage: What the app cannot do without location, or `nil` for a generic sentence.
    ///   - openSettingsTitle: The Settings button's title, or `nil` for "Open Settings".
    ///   - servicesOffTitle: The title with Location Services off, or `nil` for "Location Services Are Off".
    ///   - servicesOffMessage: Where to turn them on, or `nil` for Settings › Privacy & Security › Location Services.
    ///   - restrictedTitle: The restricted screen's title, or `nil` for "Location Is Restricted".
    ///   - restrictedMessage: Why nothing helps, or `nil` for a generic sentence.
    public init(
        model: LocationPermissionModel,
        deniedTitle: Text? = nil,
        deniedMessage: Text? = nil,
        openSettingsTitle: Text? = nil,
        servicesOffTitle: Text? = nil,
        servicesOffMessage: Text? = nil,
        restrictedTitle: Text? = nil,
        restrictedMessage: Text? = nil
    ) {
        self.model = model
        self.deniedTitle = deniedTitle
        self.deniedMessage = deniedMessage
        self.openSettingsTitle = openSettingsTitle
        self.servicesOffTitle = servicesOffTitle
        self.servicesOffMessage = servicesOffMessage
        self.restrictedTitle = restrictedTitle
        self.restrictedMessage = restrictedMessage
    }

    /// The screen in the environment's style, or nothing when location is not off.
    public var body: some View {
        if let configuration = configuration(for: model.screen) {
            AnyView(style.makeBody(configuration: configuration))
        }
    }

    private func configuration(for screen: PermissionScreen) -> LocationUnavailableStyleConfiguration? {
        let texts: (title: Text, message: Text)
        switch screen {
        case .denied:
            texts = (deniedTitle ?? DefaultTexts.deniedTitle, deniedMessage ?? DefaultTexts.deniedMessage)
        case .servicesOff:
            texts = (
                servicesOffTitle ?? DefaultTexts.servicesOffTitle,
                servicesOffMessage ?? DefaultTexts.servicesOffMessage
            )
        case .restricted:
            texts = (
                restrictedTitle ?? DefaultTexts.restrictedTitle, restrictedMessage ?? DefaultTexts.restrictedMessage
            )
        case .explanation, .hidden:
            return nil
        }
        return LocationUnavailableStyleConfiguration(
            screen: screen,
            title: texts.title,
            message: texts.message,
            openSettingsTitle: openSettingsTitle ?? DefaultTexts.openSettings,
            openSettings: screen.showsSettingsButton ? settingsAction : nil
        )
    }

    /// Opens the app's page in Settings, where the platform has a URL for it.
    private var settingsAction: (@MainActor () -> Void)? {
        #if canImport(UIKit)
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return nil }
        let openURL = openURL
        return { openURL(url) }
        #else
        return nil
        #endif
    }
}

// The seven permission states, each from a simulated OS (`LocationPermissionModel.preview(_:)`). Denied (with Open
// Settings), Location Services off and restricted each have a screen; in the other states the view is empty.
#Preview("Not determined") {
    LocationUnavailableView(model: .preview(.notDetermined))
}

#Preview("Denied") {
    LocationUnavailableView(model: .preview(.denied))
}

#Preview("Restricted") {
    LocationUnavailableView(model: .preview(.restricted))
}

#Preview("Services off") {
    LocationUnavailableView(model: .preview(.servicesOff))
}

#Preview("Approximate") {
    LocationUnavailableView(model: .preview(.approximate))
}

#Preview("Precise") {
    LocationUnavailableView(model: .preview(.precise))
}

#Preview("Temporary precise") {
    LocationUnavailableView(model: .preview(.temporaryPrecise))
}
#endif
