// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation
internal import Whereabouts

/// `CLRegion`.
open class CLRegion: NSObject {
    /// The region's identifier.
    open var identifier: String { standInIdentifier }
    /// Whether entering the region is reported (iOS 7, macOS 10.10).
    open var notifyOnEntry: Bool {
        get { standInNotifyOnEntry }
        set { standInNotifyOnEntry = newValue }
    }
    /// Whether leaving the region is reported (iOS 7, macOS 10.10).
    open var notifyOnExit: Bool {
        get { standInNotifyOnExit }
        set { standInNotifyOnExit = newValue }
    }

    // The runnable model's storage (not Apple's).
    private let standInIdentifier: String
    private var standInNotifyOnEntry = true
    private var standInNotifyOnExit = true

    init(standInIdentifier identifier: String) {
        standInIdentifier = identifier
        super.init()
    }
}

/// `CLCircularRegion` (iOS 7, macOS 10.10).
#if WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLCircularRegion is not available on visionOS")
#endif
@available(visionOS, unavailable)
open class CLCircularRegion: CLRegion {
    /// A circle around `center`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        standInCenter = center
        standInRadius = radius
        super.init(standInIdentifier: identifier)
    }
    /// The centre.
    open var center: CLLocationCoordinate2D { standInCenter }
    /// The radius in metres.
    open var radius: CLLocationDistance { standInRadius }

    // The runnable model's storage (not Apple's).
    private let standInCenter: CLLocationCoordinate2D
    private let standInRadius: CLLocationDistance

    /// The `CLCircularRegion` of a region the simulated OS monitors (the runnable model's).
    convenience init(standIn region: Region) {
        self.init(
            center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
            radius: region.radius,
            identifier: region.identifier
        )
        notifyOnEntry = region.notifyOnEntry
        notifyOnExit = region.notifyOnExit
    }

    /// The region this one describes, for the simulated OS (the runnable model's).
    var standInRegion: Region {
        Region(
            identifier: identifier,
            center: Coordinate(latitude: center.latitude, longitude: center.longitude),
            radius: radius,
            notifyOnEntry: notifyOnEntry,
            notifyOnExit: notifyOnExit
        )
    }
}
