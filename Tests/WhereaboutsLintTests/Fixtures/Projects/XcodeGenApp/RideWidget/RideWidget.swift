import CoreLocation
import WidgetKit

struct RideEntry: TimelineEntry {
    let date: Date
    let start: CLLocationCoordinate2D?
}
