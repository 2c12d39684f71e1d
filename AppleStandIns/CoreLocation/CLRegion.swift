// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

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

#if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
@available(*, unavailable, message: "CLCircularRegion is not available on visionOS or watchOS")
#endif
/// `CLCircularRegion` (iOS 7, macOS 10.10).
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
}
