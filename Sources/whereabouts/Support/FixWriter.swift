import Foundation
import Whereabouts

/// Writes the fixes an app received, for people (`table`) or programs (`ndjson`, `geojson`).
///
/// The NDJSON and GeoJSON shapes are stable and documented in the README ("Output formats").
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
            terminal.output(Self.row(["#", "time (UTC)", "latitude", "longitude", "± m", "speed m/s", "course °",
                                      "accuracy"]))
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
            terminal.output(Self.row([
                String(count), Self.time(location.timestamp),
                String(format: "%.6f", location.coordinate.latitude),
                String(format: "%.6f", location.coordinate.longitude),
                String(format: "%.0f", location.horizontalAccuracy),
                location.speed.map { String(format: "%.1f", $0) } ?? "—",
                location.course.map { String(format: "%.0f", $0) } ?? "—",
                precise ? "precise" : "approximate",
            ]))
        case .ndjson:
            terminal.output(Self.json(Self.properties(location, precise: precise, index: count)))
        case .geojson:
            let feature: [String: Any] = [
                "type": "Feature",
                "geometry": ["type": "Point", "coordinates": [location.coordinate.longitude,
                                                              location.coordinate.latitude]],
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

    static func time(_ date: Date, iso: Bool = false) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = iso ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        let text = formatter.string(from: date)
        return iso ? text : String(text.dropFirst(11).prefix(8))
    }

    static let widths = [5, 10, 11, 11, 6, 10, 9, 11]

    static func row(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : String(repeating: " ", count: width - cell.count) + cell
        }.joined(separator: " ")
    }
}
