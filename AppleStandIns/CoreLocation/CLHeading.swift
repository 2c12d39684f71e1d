// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation
internal import Whereabouts

/// `kCLHeadingFilterNone`: every heading change is reported.
public let kCLHeadingFilterNone: CLLocationDegrees = -1

/// `CLHeading` (iOS 3, macOS 10.15, watchOS 2; not tvOS).
#if WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLHeading is not available on visionOS")
#elseif WHEREABOUTS_STANDIN_TVOS
@available(*, unavailable, message: "CLHeading is not available on tvOS")
#endif
@available(visionOS, unavailable) @available(tvOS, unavailable)
open class CLHeading: NSObject {
    /// Degrees from magnetic north.
    open var magneticHeading: CLLocationDirection { standIn.magneticHeading }
    /// Degrees from true north; negative when invalid.
    open var trueHeading: CLLocationDirection { standIn.trueHeading ?? -1 }
    /// The maximum deviation in degrees; negative when invalid.
    open var headingAccuracy: CLLocationDirection { standIn.headingAccuracy }
    /// When the heading was determined.
    open var timestamp: Date { standIn.timestamp }

    // The runnable model's storage (not Apple's).
    private let standIn: Heading

    init(standIn value: Heading) {
        standIn = value
        super.init()
    }
}
