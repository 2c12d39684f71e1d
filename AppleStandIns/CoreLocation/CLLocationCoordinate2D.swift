// Stand-in for Core Location's interface, for scripts/check-apple.sh: built and run on Linux, never shipped.
// Declarations follow Apple's SDK (CLLocation.h); what runs behind them is the model in the StandIn*.swift files.

/// `CLLocationDegrees` (`double`).
public typealias CLLocationDegrees = Double
/// `CLLocationAccuracy` (`double`), in metres.
public typealias CLLocationAccuracy = Double
/// `CLLocationDistance` (`double`), in metres.
public typealias CLLocationDistance = Double
/// `CLLocationSpeed` (`double`), in metres per second.
public typealias CLLocationSpeed = Double
/// `CLLocationDirection` (`double`), in degrees.
public typealias CLLocationDirection = Double

/// `kCLLocationAccuracyBestForNavigation`.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// `kCLLocationAccuracyBest`.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// `kCLLocationAccuracyNearestTenMeters`.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// `kCLLocationAccuracyHundredMeters`.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// `kCLLocationAccuracyKilometer`.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// `kCLLocationAccuracyThreeKilometers`.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// `kCLLocationAccuracyReduced` (iOS 14, macOS 11, watchOS 7): approximate fixes even under full accuracy.
@available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// `kCLDistanceFilterNone`.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// `CLLocationCoordinate2D`: a C struct of two doubles.
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator.
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich.
    public var longitude: CLLocationDegrees

    /// A coordinate.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
