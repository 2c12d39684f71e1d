// The runnable model behind the stand-ins (see StandInDevice.swift): conversions between Core Location's types and
// the simulated OS's, the inverse of the ones the package's Core Location bridge makes.
import Foundation
internal import Whereabouts

extension CLLocation {
    /// A `CLLocation` of a simulated fix.
    convenience init(standIn location: Location) {
        self.init(
            standIn: StandInFix(
                coordinate: CLLocationCoordinate2D(
                    latitude: location.coordinate.latitude,
                    longitude: location.coordinate.longitude
                ),
                altitude: location.altitude ?? 0,
                horizontalAccuracy: location.horizontalAccuracy,
                verticalAccuracy: location.verticalAccuracy ?? -1,
                course: location.course ?? -1,
                speed: location.speed ?? -1,
                timestamp: location.timestamp
            )
        )
    }
}

extension CLAuthorizationStatus {
    /// The status Core Location reports for the simulated OS's. A Mac has no When In Use: an app the person allows to
    /// use their location is authorized (`authorizedAlways`, which macOS also spells `authorized`), whichever request
    /// asked.
    init(standIn status: AuthorizationStatus) {
        #if WHEREABOUTS_STANDIN_MACOS
        if status == .authorizedWhenInUse {
            self = .authorizedAlways
            return
        }
        #endif
        self = CLAuthorizationStatus(rawValue: Int32(status.rawValue)) ?? .notDetermined
    }
}

extension NSError {
    /// The `CLError` Core Location hands the delegate for a simulated manager's error.
    convenience init(standIn error: ManagerError) {
        self.init(domain: kCLErrorDomain, code: error.code, userInfo: [NSLocalizedDescriptionKey: error.message])
    }
}

extension LocationAccuracy {
    /// The accuracy a `desiredAccuracy` stands for.
    init(standIn accuracy: CLLocationAccuracy) {
        self =
            switch accuracy {
            case kCLLocationAccuracyBestForNavigation: .bestForNavigation
            case kCLLocationAccuracyBest: .best
            case kCLLocationAccuracyNearestTenMeters: .nearestTenMeters
            case kCLLocationAccuracyHundredMeters: .hundredMeters
            case kCLLocationAccuracyKilometer: .kilometer
            case kCLLocationAccuracyThreeKilometers: .threeKilometers
            default: .meters(accuracy)
            }
    }
}

extension ActivityType {
    /// The activity type a `CLActivityType` stands for.
    init(standIn activity: CLActivityType) {
        self =
            switch activity {
            case .other: .other
            case .automotiveNavigation: .automotiveNavigation
            case .fitness: .fitness
            case .otherNavigation: .otherNavigation
            case .airborne: .airborne
            @unknown default: .other
            }
    }
}

extension DeviceOrientation {
    /// The orientation a `CLDeviceOrientation` stands for.
    init(standIn orientation: CLDeviceOrientation) {
        self =
            switch orientation {
            case .unknown: .unknown
            case .portrait: .portrait
            case .portraitUpsideDown: .portraitUpsideDown
            case .landscapeLeft: .landscapeLeft
            case .landscapeRight: .landscapeRight
            case .faceUp: .faceUp
            case .faceDown: .faceDown
            @unknown default: .unknown
            }
    }
}
