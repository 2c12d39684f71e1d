#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import CoreLocation
public import MapKit
public import SwiftUI
public import Whereabouts

/// The person on an app's own `Map`: a precise dot pointing along the heading or course, or a circle of the
/// approximate radius, or nothing, as the model's `LocationPermissionModel.indicator` says.
///
/// ```swift
/// Map {
///     UserLocationIndicatorContent(model: model)
///     Marker("Station", coordinate: station)
/// }
/// .userLocationIndicatorStyle(DefaultUserLocationIndicatorStyle())
/// ```
///
/// Under approximate location there is no dot and no arrow, only the circle (as Apple Maps draws it); a precise
/// location under approximate authorization, or no authorization, draws nothing (see
/// `UserLocationIndicator`). The dot is an annotation whose label ("My Location" by default) VoiceOver
/// reads; its look is a ``UserLocationIndicatorStyle``, set on the map with `.userLocationIndicatorStyle(_:)`.
public struct UserLocationIndicatorContent: MapContent {
    private let model: LocationPermissionModel
    private let label: Text?
    private let circleFill: Color

    /// Creates the indicator.
    ///
    /// - Parameters:
    ///   - model: The model whose `indicator` says what to draw.
    ///   - label: The dot's label, or `nil` for "My Location".
    ///   - circleFill: The fill of the approximate circle.
    public init(
        model: LocationPermissionModel,
        label: Text? = nil,
        circleFill: Color = Color.accentColor.opacity(0.25)
    ) {
        self.model = model
        self.label = label
        self.circleFill = circleFill
    }

    /// The dot, the circle, or nothing.
    public var body: some MapContent {
        switch model.indicator {
        case .precise(let coordinate, let bearing):
            Annotation(
                coordinate: CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude)
            ) {
                UserLocationDot(bearing: bearing.map { Angle.degrees($0) })
            } label: {
                label ?? DefaultTexts.indicatorLabel
            }
        case .approximate(let coordinate, let radius):
            MapCircle(
                center: CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude),
                radius: radius
            )
            .foregroundStyle(circleFill)
        case .hidden:
            EmptyMapContent()
        }
    }
}

// The seven permission states, each from a simulated OS (`LocationPermissionModel.preview(_:)`). On a map: nothing
// while location is off, a circle kilometres wide under approximate location, a dot pointing along the heading under
// precise and temporary precise location.
#Preview("Not determined") {
    Map { UserLocationIndicatorContent(model: .preview(.notDetermined)) }
}

#Preview("Denied") {
    Map { UserLocationIndicatorContent(model: .preview(.denied)) }
}

#Preview("Restricted") {
    Map { UserLocationIndicatorContent(model: .preview(.restricted)) }
}

#Preview("Services off") {
    Map { UserLocationIndicatorContent(model: .preview(.servicesOff)) }
}

#Preview("Approximate") {
    Map { UserLocationIndicatorContent(model: .preview(.approximate)) }
}

#Preview("Precise") {
    Map { UserLocationIndicatorContent(model: .preview(.precise)) }
}

#Preview("Temporary precise") {
    Map { UserLocationIndicatorContent(model: .preview(.temporaryPrecise)) }
}
#endif
