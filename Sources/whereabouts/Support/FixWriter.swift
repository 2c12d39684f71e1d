import Foundation
import Whereabouts

/// Writes the fixes an app received, for people (`table`) or programs (`ndjson`, `geojson`).
///
/// The NDJSON and GeoJSON shapes are stable and documented in the DocC article "The whereabouts command" (Output formats).
struct FixWriter {
    enum Format: String, CaseIterable {
        case table, ndjson, geojson
    }

    let format: Format
    let terminal: Terminal
    private var count = 0

    init(format: Format, terminal: Terminal) {
        self.format = format
        self.terminal = terminal
    }

    mutating func begin() {
        switch format {
        case .table:
            terminal.output(
                Self.row([
                    "#", "time (UTC)", "latitude", "longitude", "± m", "speed m/s", "course °",
                    "accuracy",
                ])
            )
        case .geojson:
            terminal.output(#"{"type":"FeatureCollection","features":["#)
        case .ndjson:
            break
        }
    }

    mutating func write(_ location: Location, precise: Bool) {
        count += 1
        switch format {
        case .table:
            terminal.output(
                Self.row([
                    String(count), Self.time(location.timestamp),
                    String(format: "%.6f", location.coordinate.latitude),
                    String(format: "%.6f", location.coordinate.longitude),
                    String(format: "%.0f", location.horizontalAccuracy),
                    location.speed.map { String(format: "%.1f", $0) } ?? "—",
                    location.course.map { String(format: "%.0f", $0) } ?? "—",
                    precise ? "precise" : "approximate",
                ])
            )
        case .ndjson:
            terminal.output(Self.json(Self.properties(location, precise: precise, index: count)))
        case .geojson:
            let feature: [String: Any] = [
                "type": "Feature",
                "geometry": [
                    "type": "Point",
                    "coordinates": [
                        location.coordinate.longitude,
                        location.coordinate.latitude,
                    ],
                ],
                "properties": Self.properties(location, precise: precise, index: count),
            ]
            terminal.output((count > 1 ? "," : "") + Self.json(feature))
        }
    }

    func end() {
        if format == .geojson { terminal.output("]}") }
    }

    static func properties(_ location: Location, precise: Bool, index: Int) -> [String: Any] {
        [
            "index": index,
            "timestamp": time(location.timestamp, iso: true),
            "latitude": location.coordinate.latitude,
            "longitude": location.coordinate.longitude,
            "horizontalAccuracy": location.horizontalAccuracy,
            "altitude": location.altitude as Any? ?? NSNull(),
            "verticalAccuracy": location.verticalAccuracy as Any? ?? NSNull(),
            "speed": location.speed as Any? ?? NSNull(),
            "course": location.course as Any? ?? NSNull(),
            "precise": precise,
        ]
    }

    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text.replacingOccurrences(of: "\\/", with: "/")
    }

    /// ISO 8601 in UTC: `2025-06-01T12:00:07.000Z` (`iso`, milliseconds rounded) or `12:00:07` (the table's
    /// time column). Written by hand on the civil calendar: a formatter per fix was track's main output cost.
    static func time(_ date: Date, iso: Bool = false) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
        guard milliseconds.magnitude < 1e17 else { return iso ? "invalid" : "--:--:--" }
        let total = Int(milliseconds)
        let millisecond = ((total % 1_000) + 1_000) % 1_000
        let seconds = (total - millisecond) / 1_000
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let days = (seconds - secondOfDay) / 86_400
        let clock = two(secondOfDay / 3_600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
        guard iso else { return clock }
        let (year, month, day) = CivilCalendar.civil(days)
        let fraction = String(millisecond + 1_000).dropFirst()
        return String(format: "%04d", year) + "-" + two(month) + "-" + two(day) + "T" + clock + "." + fraction + "Z"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    static let widths = [5, 10, 11, 11, 6, 10, 9, 11]

    static func row(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : String(repeating: " ", count: width - cell.count) + cell
        }.joined(separator: " ")
    }
}
