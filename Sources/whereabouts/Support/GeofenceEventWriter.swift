import Foundation
import Whereabouts

/// Writes the geofence events of `track --geofences`, for people (`table`) or programs (`ndjson`, `geojson`).
///
/// The NDJSON and GeoJSON shapes are stable and documented in the DocC article "The whereabouts command" (Output
/// formats): one object per event with the keys `detection`, `event`, `fence`, `index`, `latitude`, `longitude`,
/// `radius` and `timestamp` (the fence's centre and radius), sorted; in GeoJSON the same keys are a `Point` feature's
/// properties, at the fence's centre.
struct GeofenceEventWriter {
    let format: FixWriter.Format
    let terminal: Terminal
    private(set) var count = 0

    init(format: FixWriter.Format, terminal: Terminal) {
        self.format = format
        self.terminal = terminal
    }

    static let widths = [5, 10, 8, 24, 10]

    mutating func begin() {
        switch format {
        case .table: terminal.output(Self.row(["#", "time (UTC)", "event", "fence", "detection"]))
        case .geojson: terminal.output(#"{"type":"FeatureCollection","features":["#)
        case .ndjson: break
        }
    }

    mutating func write(_ event: GeofenceEvent, fence: Geofence?) {
        count += 1
        switch format {
        case .table:
            terminal.output(
                Self.row([
                    String(count), FixWriter.time(event.date), event.transition.rawValue, event.fenceID,
                    event.detection.rawValue,
                ])
            )
        case .ndjson:
            var line: [UInt8] = []
            appendProperties(event, fence: fence, to: &line)
            terminal.output(String(decoding: line, as: UTF8.self))
        case .geojson:
            var line: [UInt8] = count > 1 ? [UInt8(ascii: ",")] : []
            FixWriter.append(#"{"geometry":{"coordinates":["#, to: &line)
            FixWriter.appendJSON(fence?.center.longitude, to: &line)
            line.append(UInt8(ascii: ","))
            FixWriter.appendJSON(fence?.center.latitude, to: &line)
            FixWriter.append(#"],"type":"Point"},"properties":"#, to: &line)
            appendProperties(event, fence: fence, to: &line)
            FixWriter.append(#","type":"Feature"}"#, to: &line)
            terminal.output(String(decoding: line, as: UTF8.self))
        }
    }

    func end() {
        if format == .geojson { terminal.output("]}") }
        terminal.flush()
    }

    /// The NDJSON object of an event (GeoJSON's `properties`), keys sorted, numbers written to read back exactly.
    private func appendProperties(_ event: GeofenceEvent, fence: Geofence?, to bytes: inout [UInt8]) {
        FixWriter.append(#"{"detection":""#, to: &bytes)
        bytes.append(contentsOf: event.detection.rawValue.utf8)
        FixWriter.append(#"","event":""#, to: &bytes)
        bytes.append(contentsOf: event.transition.rawValue.utf8)
        FixWriter.append(#"","fence":"#, to: &bytes)
        bytes.append(contentsOf: Self.jsonString(event.fenceID).utf8)
        FixWriter.append(#","index":"#, to: &bytes)
        FixWriter.appendDecimal(count, to: &bytes)
        FixWriter.append(#","latitude":"#, to: &bytes)
        FixWriter.appendJSON(fence?.center.latitude, to: &bytes)
        FixWriter.append(#","longitude":"#, to: &bytes)
        FixWriter.appendJSON(fence?.center.longitude, to: &bytes)
        FixWriter.append(#","radius":"#, to: &bytes)
        FixWriter.appendJSON(fence?.radius, to: &bytes)
        FixWriter.append(#","timestamp":""#, to: &bytes)
        FixWriter.appendTime(event.date, iso: true, to: &bytes)
        FixWriter.append(#""}"#, to: &bytes)
    }

    /// A string as a JSON string literal, escaped (a fence's identifier is the file's, and may hold anything).
    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func row(_ cells: [String]) -> String {
        // Left-aligned columns; the last is not padded, so no line ends in spaces.
        zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            guard index < cells.count - 1, cell.count < width else { return cell }
            return cell + String(repeating: " ", count: width - cell.count)
        }.joined(separator: "  ")
    }
}
