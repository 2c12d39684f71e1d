// The runnable model behind the stand-ins (see StandInDevice.swift).
import Foundation
internal import Whereabouts

/// What a stand-in `CLLocationManager` does: it drives a location manager of the device's simulated OS, keeps the
/// settings the app gave it, and hands the OS's callbacks to the delegate on the main actor, in Core Location's
/// types. The OS's silences stay silences: a request that changes nothing gets no callback.
@MainActor
final class StandInManager {
    /// The simulated OS's location manager this one drives.
    let backing: SimulatedLocationManager
    /// The `CLLocationManager` whose delegate hears the callbacks.
    weak var owner: CLLocationManager?
    /// The settings as Core Location reports them back: what the app set, or Core Location's defaults.
    var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest { didSet { apply() } }
    var distanceFilter: CLLocationDistance = kCLDistanceFilterNone { didSet { apply() } }
    var activityType: CLActivityType = .other { didSet { apply() } }
    var headingFilter: CLLocationDegrees = 1 { didSet { apply() } }
    var headingOrientation: CLDeviceOrientation = .portrait { didSet { apply() } }
    #if WHEREABOUTS_STANDIN_WATCHOS
    // watchOS has no automatic pausing.
    var pausesLocationUpdatesAutomatically = false { didSet { apply() } }
    #else
    var pausesLocationUpdatesAutomatically = true { didSet { apply() } }
    #endif
    var showsBackgroundLocationIndicator = false { didSet { apply() } }

    init() {
        backing = StandInDevice.required(by: "A CLLocationManager").makeManager()
        backing.callback = { [weak self] callback in self?.forward(callback) }
        #if WHEREABOUTS_STANDIN_WATCHOS
        apply()
        #endif
    }

    /// Region changes the app made that may not have reached the OS yet, oldest first: Core Location's
    /// `monitoredRegions` has them at once.
    private var regionChanges: [(sequence: Int, region: Region, monitored: Bool)] = []
    private var lastRegionChange = 0

    /// The regions the app monitors, as `monitoredRegions` reads them: the OS's, with the app's latest changes.
    var monitoredRegions: [Region] {
        var regions = Dictionary(backing.monitoredRegions.map { ($0.identifier, $0) }) { first, _ in first }
        for change in regionChanges { regions[change.region.identifier] = change.monitored ? change.region : nil }
        return regions.values.sorted { $0.identifier < $1.identifier }
    }

    /// Starts or stops monitoring a region.
    func monitor(_ region: Region, _ monitored: Bool) {
        lastRegionChange += 1
        let sequence = lastRegionChange
        regionChanges.append((sequence, region, monitored))
        if monitored { backing.startMonitoring(for: region) } else { backing.stopMonitoring(for: region) }
        Task {
            await backing.settle()
            regionChanges.removeAll { $0.sequence <= sequence }
        }
    }

    /// Hands the settings to the OS's manager.
    private func apply() {
        var properties = LocationProperties()
        properties.desiredAccuracy = LocationAccuracy(standIn: desiredAccuracy)
        properties.distanceFilter = distanceFilter < 0 ? nil : distanceFilter
        properties.activityType = ActivityType(standIn: activityType)
        properties.headingFilter = headingFilter < 0 ? nil : headingFilter
        properties.headingOrientation = DeviceOrientation(standIn: headingOrientation)
        properties.pausesLocationUpdatesAutomatically = pausesLocationUpdatesAutomatically
        properties.showsBackgroundLocationIndicator = showsBackgroundLocationIndicator
        backing.apply(properties)
    }

    /// Sets `allowsBackgroundLocationUpdates` as Core Location does: without `location` in the app's
    /// `UIBackgroundModes`, setting it to true stops the app (an exception on a device; a trap here).
    func setAllowsBackgroundLocationUpdates(_ allowed: Bool) {
        #if !WHEREABOUTS_STANDIN_MACOS
        if allowed, !backing.engine.declarations.backgroundModes.contains("location") {
            fatalError(
                "allowsBackgroundLocationUpdates was set to true with no 'location' in UIBackgroundModes: Core "
                    + "Location stops the app here"
            )
        }
        #endif
        backing.allowsBackgroundLocationUpdates = allowed
    }

    /// One of the OS's callbacks, handed to the delegate as Core Location's.
    private func forward(_ callback: ManagerCallback) {
        guard let owner, let delegate = owner.delegate else { return }
        switch callback {
        case .didChangeAuthorization:
            delegate.locationManagerDidChangeAuthorization(owner)
        case .didUpdateLocations(let locations):
            delegate.locationManager(owner, didUpdateLocations: locations.map(CLLocation.init(standIn:)))
        case .didFailWithError(let error):
            delegate.locationManager(owner, didFailWithError: NSError(standIn: error))
        case .didUpdateHeading(let heading):
            #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
            // An invalid heading (negative accuracy) is one the compass must be calibrated for: Core Location asks the
            // delegate whether it may show the calibration display.
            if heading.headingAccuracy < 0, delegate.locationManagerShouldDisplayHeadingCalibration(owner) {
                StandInDevice.current?.headingCalibrationShown = true
            }
            delegate.locationManager(owner, didUpdateHeading: CLHeading(standIn: heading))
            #else
            _ = heading
            #endif
        case .didEnterRegion(let identifier):
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManager(owner, didEnterRegion: region(identifier))
            #else
            _ = identifier
            #endif
        case .didExitRegion(let identifier):
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManager(owner, didExitRegion: region(identifier))
            #else
            _ = identifier
            #endif
        case .monitoringDidFail(let identifier, let error):
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManager(
                owner,
                monitoringDidFailFor: identifier.map(region),
                withError: NSError(standIn: error)
            )
            #else
            _ = (identifier, error)
            #endif
        case .didVisit(let visit):
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManager(owner, didVisit: CLVisit(standIn: visit))
            #else
            _ = visit
            #endif
        case .didPauseLocationUpdates:
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManagerDidPauseLocationUpdates(owner)
            #endif
        case .didResumeLocationUpdates:
            #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
            delegate.locationManagerDidResumeLocationUpdates(owner)
            #endif
        case .sourceDidEnd:
            // The simulated source ran out of fixes: Core Location has no such callback, and says nothing.
            break
        }
    }

    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// The monitored region with this identifier, as Core Location hands it to the delegate.
    private func region(_ identifier: String) -> CLRegion {
        guard let region = monitoredRegions.first(where: { $0.identifier == identifier }) else {
            return CLRegion(standInIdentifier: identifier)
        }
        return CLCircularRegion(standIn: region)
    }
    #endif
}
