// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation
internal import Whereabouts

/// `CLVisit` (iOS 8, macOS 10.15; not watchOS or tvOS).
#if WHEREABOUTS_STANDIN_WATCHOS
@available(*, unavailable, message: "CLVisit is not available on watchOS")
#elseif WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLVisit is not available on visionOS")
#elseif WHEREABOUTS_STANDIN_TVOS
@available(*, unavailable, message: "CLVisit is not available on tvOS")
#endif
@available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
open class CLVisit: NSObject {
    /// When the visit began; `distantPast` when unknown.
    open var arrivalDate: Date { standIn.arrivalDate }
    /// When the visit ended; `distantFuture` while it goes on.
    open var departureDate: Date { standIn.departureDate ?? .distantFuture }
    /// The visit's centre.
    open var coordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: standIn.coordinate.latitude, longitude: standIn.coordinate.longitude)
    }
    /// The radius of uncertainty in metres.
    open var horizontalAccuracy: CLLocationAccuracy { standIn.horizontalAccuracy }

    // The runnable model's storage (not Apple's).
    private let standIn: Visit

    init(standIn value: Visit) {
        standIn = value
        super.init()
    }
}
