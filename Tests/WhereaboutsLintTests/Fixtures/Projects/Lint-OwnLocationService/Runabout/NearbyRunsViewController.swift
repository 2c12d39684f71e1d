import CoreLocation
import UIKit

/// Lists the runs near the user.
final class NearbyRunsViewController: UIViewController {
    private let locationService = LocationService.shared
    private var tracker: RunTracker?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        locationService.startMonitoringSignificantLocationChanges()
        LocationService.shared.requestAlwaysAuthorization()
        tracker?.startMonitoringVisits()
    }
}
