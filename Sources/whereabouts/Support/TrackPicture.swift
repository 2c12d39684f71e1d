import Foundation
import Whereabouts

/// An SVG picture of the true track against what the app received: the truth as a grey line, precise fixes as blue
/// dots, approximate fixes as orange points with their accuracy circles (dashed), and the person at the last fix as
/// the app draws them (``UserLocationIndicator``: a dot with its bearing arrow, a shaded circle of the approximate
/// radius, or nothing), labelled "My Location" for screen readers.
struct TrackPicture {
    /// At most this many true points are kept (every n-th after that), so memory stays bounded.
    static let maximumTruePoints = 20_000

    private(set) var truth: [Coordinate] = []
    private(set) var received: [(location: Location, precise: Bool)] = []
    private var stride = 1
    private var seen = 0

    mutating func addTruth(_ coordinate: Coordinate) {
        seen += 1
        guard seen % stride == 0 else { return }
        truth.append(coordinate)
        if truth.count >= Self.maximumTruePoints {
            truth = truth.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }

    mutating func addReceived(_ location: Location, precise: Bool) {
        if received.count < Self.maximumTruePoints { received.append((location, precise)) }
    }

    func svg(title: String, indicator: UserLocationIndicator = .hidden) -> String {
        var points = truth
        func addCircle(_ c: Coordinate, radius: Double) {
            let r = radius / 111_195
            let east = r / max(0.01, cos(c.latitude * .pi / 180))
            points.append(Coordinate(latitude: c.latitude + r, longitude: c.longitude + east))
            points.append(Coordinate(latitude: c.latitude - r, longitude: c.longitude - east))
        }
        for entry in received {
            points.append(entry.location.coordinate)
            if !entry.precise { addCircle(entry.location.coordinate, radius: entry.location.horizontalAccuracy) }
        }
        switch indicator {
        case .precise(let c, _): points.append(c)
        case .approximate(let c, let radius): addCircle(c, radius: radius)
        case .hidden: break
        }
        guard let minLat = points.map(\.latitude).min(), let maxLat = points.map(\.latitude).max(),
            let minLon = points.map(\.longitude).min(), let maxLon = points.map(\.longitude).max()
        else {
            return Self.document(
                width: 400,
                height: 120,
                body: Self.text("No fixes to draw.", x: 20, y: 60),
                title: title
            )
        }
        let midLat = (minLat + maxLat) / 2
        let xScale = cos(midLat * .pi / 180)
        let spanX = max((maxLon - minLon) * xScale, 1e-6)
        let spanY = max(maxLat - minLat, 1e-6)
        let size = 800.0
        let scale = size / max(spanX, spanY)
        let width = max(spanX * scale + 80, 720)
        let height = spanY * scale + 126
        let left = (width - spanX * scale) / 2
        func x(_ c: Coordinate) -> Double { (c.longitude - minLon) * xScale * scale + left }
        func y(_ c: Coordinate) -> Double { (maxLat - c.latitude) * scale + 86 }
        var body = ""
        if !truth.isEmpty {
            let path = truth.map { String(format: "%.1f,%.1f", x($0), y($0)) }.joined(separator: " ")
            body += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#777\" stroke-width=\"2\"/>\n"
        }
        for entry in received {
            let c = entry.location.coordinate
            if entry.precise {
                body += String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#1a73e8\"/>\n", x(c), y(c))
            } else {
                let radius = entry.location.horizontalAccuracy / 111_195 * scale
                body += String(
                    format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke-dasharray=\"6 4\" "
                        + "stroke=\"#f4a300\"/>\n<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#f4a300\"/>\n",
                    x(c),
                    y(c),
                    radius,
                    x(c),
                    y(c)
                )
            }
        }
        body += Self.indicator(indicator, x: { x($0) }, y: { y($0) }, metresToPixels: scale / 111_195)
        let precise = received.filter(\.precise).count
        body += Self.text(title, x: 20, y: 28, size: 18)
        body += Self.text(
            "grey: the true track (\(seen) fixes) · blue: \(precise) precise fixes · orange: "
                + "\(received.count - precise) approximate fixes with their accuracy circles",
            x: 20,
            y: 50,
            size: 13
        )
        body += Self.text(
            "\(TrackTally.describe(indicator)) at the last fix, as the app draws it",
            x: 20,
            y: 66,
            size: 13
        )
        return Self.document(width: width, height: height, body: body, title: title)
    }

    /// The person as the app draws them, in a group named "My Location" (its `title`, and a `desc` saying what it
    /// shows) for screen readers: a white-ringed blue dot with an arrow towards the bearing, a shaded blue circle of
    /// the approximate radius, or nothing when hidden.
    static func indicator(
        _ indicator: UserLocationIndicator,
        x: (Coordinate) -> Double,
        y: (Coordinate) -> Double,
        metresToPixels: Double
    ) -> String {
        let label = escape(PermissionText.indicatorLabel.defaultValue)
        let open = "<g id=\"my-location\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title>"
        switch indicator {
        case .hidden:
            return ""
        case .precise(let c, let bearing):
            let desc =
                "A precise dot at \(coordinates(c))"
                + (bearing.map { ", its arrow pointing \(Int($0.rounded()) % 360)° from true north" } ?? "")
            var group = open + "<desc>\(escape(desc))</desc>\n"
            if let bearing {
                // An arrow ahead of the dot, rotated about the dot's centre (SVG's rotate turns clockwise, as bearings do).
                group += String(
                    format: "<path d=\"M %.1f %.1f l -7 12 l 14 0 z\" fill=\"#007aff\" "
                        + "transform=\"rotate(%.1f %.1f %.1f)\"/>\n",
                    x(c),
                    y(c) - 22,
                    bearing,
                    x(c),
                    y(c)
                )
            }
            group += String(
                format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"#007aff\" stroke=\"white\" "
                    + "stroke-width=\"3\"/>\n",
                x(c),
                y(c)
            )
            return group + "</g>\n"
        case .approximate(let c, let radius):
            let desc = "An approximate circle of radius \(TrackTally.distance(radius)) around \(coordinates(c))"
            return open + "<desc>\(escape(desc))</desc>\n"
                + String(
                    format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#007aff\" fill-opacity=\"0.2\" "
                        + "stroke=\"#007aff\" stroke-width=\"2\"/>\n",
                    x(c),
                    y(c),
                    max(radius * metresToPixels, 9)
                ) + "</g>\n"
        }
    }

    static func coordinates(_ c: Coordinate) -> String {
        String(format: "%.5f, %.5f", c.latitude, c.longitude)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func text(_ text: String, x: Double, y: Double, size: Int = 14) -> String {
        let escaped = escape(text)
        return String(format: "<text x=\"%.0f\" y=\"%.0f\" font-family=\"sans-serif\" font-size=\"%d\">", x, y, size)
            + escaped + "</text>\n"
    }

    static func document(width: Double, height: Double, body: String, title: String) -> String {
        String(
            format:
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
            width,
            height,
            width,
            height
        )
            + "<title>\(title.replacingOccurrences(of: "<", with: "&lt;"))</title>\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n"
    }
}
