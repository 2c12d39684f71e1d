#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import Foundation
public import SwiftUI
public import Whereabouts

/// The explanation before the system prompt: why the app wants location, a button that asks and one that declines
/// for now.
///
/// It shows only while the model's `LocationPermissionModel.screen` is `.explanation` (not determined,
/// and no system prompt up), and is empty otherwise, so it can stay in place while the person answers. It never
/// offers Settings (App Review rejects a way to Settings before the system prompt), and it can always be left: the
/// decline button runs the app's `onDecline` (dismiss the sheet, go on without location).
///
/// ```swift
/// .sheet(isPresented: $explaining) {
///     LocationExplanationView(model: model) { explaining = false }
/// }
/// ```
///
/// Every text can be the app's own; by default the purpose is the app's `NSLocationWhenInUseUsageDescription`
/// (the sentence the system prompt shows) and the rest are this module's localizable texts. The layout is a
/// ``LocationExplanationStyle`` (``DefaultLocationExplanationStyle`` unless `.locationExplanationStyle(_:)` sets
/// another).
public struct LocationExplanationView: View {
    private let model: LocationPermissionModel
    private let title: Text?
    private let purpose: Text?
    private let allowTitle: Text?
    private let declineTitle: Text?
    private let onDecline: @MainActor () -> Void
    @Environment(\.locationExplanationStyle) private var style

    /// Creates the explanation.
    ///
    /// - Parameters:
    ///   - model: The model that decides whether to show it and asks.
    ///   - title: The title, or `nil` for the default ("Use Your Location").
    ///   - purpose: Why the app wants location, or `nil` for the app's `NSLocationWhenInUseUsageDescription`
    ///     (or a generic sentence when it has none).
    ///   - allowTitle: The title of the button that asks, or `nil` for "Continue".
    ///   - declineTitle: The title of the button that declines, or `nil` for "Not Now".
    ///   - onDecline: What declining does: dismiss the explanation, go on without location.
    public init(
        model: LocationPermissionModel,
        title: Text? = nil,
        purpose: Text? = nil,
        allowTitle: Text? = nil,
        declineTitle: Text? = nil,
        onDecline: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.title = title
        self.purpose = purpose
        self.allowTitle = allowTitle
        self.declineTitle = declineTitle
        self.onDecline = onDecline
    }

    /// The explanation in the environment's style, or nothing when the model shows no explanation.
    public var body: some View {
        if model.screen == .explanation {
            AnyView(style.makeBody(configuration: configuration))
        }
    }

    private var configuration: LocationExplanationStyleConfiguration {
        let model = model
        return LocationExplanationStyleConfiguration(
            title: title ?? DefaultTexts.explanationTitle,
            purpose: purpose ?? appPurpose ?? DefaultTexts.explanationPurpose,
            allowTitle: allowTitle ?? DefaultTexts.explanationAllow,
            declineTitle: declineTitle ?? DefaultTexts.explanationDecline,
            allow: { Task { await model.requestPermission() } },
            decline: onDecline
        )
    }

    private var appPurpose: Text? {
        LocationPermissionModel.purposeString(infoDictionary: Bundle.main.infoDictionary).map { Text(verbatim: $0) }
    }
}

// The seven permission states, each from a simulated OS (`LocationPermissionModel.preview(_:)`). The explanation shows
// only while not determined; in the other states the view is empty.
#Preview("Not determined") {
    LocationExplanationView(model: .preview(.notDetermined), onDecline: {})
}

#Preview("Denied") {
    LocationExplanationView(model: .preview(.denied), onDecline: {})
}

#Preview("Restricted") {
    LocationExplanationView(model: .preview(.restricted), onDecline: {})
}

#Preview("Services off") {
    LocationExplanationView(model: .preview(.servicesOff), onDecline: {})
}

#Preview("Approximate") {
    LocationExplanationView(model: .preview(.approximate), onDecline: {})
}

#Preview("Precise") {
    LocationExplanationView(model: .preview(.precise), onDecline: {})
}

#Preview("Temporary precise") {
    LocationExplanationView(model: .preview(.temporaryPrecise), onDecline: {})
}
#endif
