#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI
public import Whereabouts

/// "Request Precise Location": under approximate location, a button that asks for temporary precise location with
/// the model's purpose key, and that is gone once precise location is granted.
///
/// It shows while the model's `LocationPermissionModel.showsRequestPreciseButton` is true (authorized,
/// approximate, and a purpose key given) and is empty otherwise; a tap calls
/// `LocationPermissionModel.requestPrecise()`.
///
/// ```swift
/// let model = LocationPermissionModel(client: client, purposeKey: "Navigation")
/// RequestPreciseLocationButton(model: model)
/// ```
///
/// The title can be the app's own; the layout is a ``RequestPreciseLocationStyle``
/// (``DefaultRequestPreciseLocationStyle`` unless `.requestPreciseLocationStyle(_:)` sets another).
public struct RequestPreciseLocationButton: View {
    private let model: LocationPermissionModel
    private let title: Text?
    @Environment(\.requestPreciseLocationStyle) private var style

    /// Creates the button.
    ///
    /// - Parameters:
    ///   - model: The model that decides whether to show it and asks.
    ///   - title: The button's title, or `nil` for "Request Precise Location".
    public init(model: LocationPermissionModel, title: Text? = nil) {
        self.model = model
        self.title = title
    }

    /// The button in the environment's style, or nothing when the model shows no button.
    public var body: some View {
        if model.showsRequestPreciseButton {
            AnyView(style.makeBody(configuration: configuration))
        }
    }

    private var configuration: RequestPreciseLocationStyleConfiguration {
        let model = model
        return RequestPreciseLocationStyleConfiguration(
            title: title ?? DefaultTexts.requestPrecise,
            request: { Task { await model.requestPrecise() } }
        )
    }
}

// The seven permission states, each from a simulated OS (`LocationPermissionModel.preview(_:)`). The button shows only
// under approximate location; in the other states the view is empty.
#Preview("Not determined") {
    RequestPreciseLocationButton(model: .preview(.notDetermined))
}

#Preview("Denied") {
    RequestPreciseLocationButton(model: .preview(.denied))
}

#Preview("Restricted") {
    RequestPreciseLocationButton(model: .preview(.restricted))
}

#Preview("Services off") {
    RequestPreciseLocationButton(model: .preview(.servicesOff))
}

#Preview("Approximate") {
    RequestPreciseLocationButton(model: .preview(.approximate))
}

#Preview("Precise") {
    RequestPreciseLocationButton(model: .preview(.precise))
}

#Preview("Temporary precise") {
    RequestPreciseLocationButton(model: .preview(.temporaryPrecise))
}
#endif
