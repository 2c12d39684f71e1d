// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLRegion`.
open class CLRegion: NSObject {
    /// The region's identifier.
    open var identifier: String { fatalError() }
    /// Whether entering the region is reported (iOS 7, macOS 10.10).
    open var notifyOnEntry: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    /// Whether leaving the region is reported (iOS 7, macOS 10.10).
    open var notifyOnExit: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}

/// `CLCircularRegion` (iOS 7, macOS 10.10).
#if WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLCircularRegion is not available on visionOS")
#endif
@available(visionOS, unavailable)
open class CLCircularRegion: CLRegion {
    /// A circle around `center`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) { fatalError() }
    /// The centre.
    open var center: CLLocationCoordinate2D { fatalError() }
    /// The radius in metres.
    open var radius: CLLocationDistance { fatalError() }
}
