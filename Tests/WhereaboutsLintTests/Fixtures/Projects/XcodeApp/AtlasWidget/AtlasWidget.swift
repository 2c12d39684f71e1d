import CoreLocation
import SwiftUI
import WidgetKit

struct NearbyTrailsProvider: TimelineProvider {
    private let manager = CLLocationManager()

    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        completion(SimpleEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        if manager.isAuthorizedForWidgetUpdates { manager.requestLocation() }
        completion(Timeline(entries: [SimpleEntry(date: .now)], policy: .atEnd))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
}
