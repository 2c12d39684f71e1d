import ArgumentParser
import Foundation
import Whereabouts

/// `whereabouts-bench privacy-picture FILE`: an SVG of where the Coarsener's points fall for a person in a city
/// and a person in the countryside, three days each, so an app developer can see what approximate means.
///
/// The people are the privacy harness's (``PrivacyWorld``), with fixed seeds: the city person walks 4.5 km to
/// work, the countryside person cycles 14 km. Each panel draws the true track (grey), home and work (black),
/// every coarse point the app got (orange, joined in the order they came) and the accuracy circle of the
/// first one (dashed).
struct PrivacyPicture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "privacy-picture",
        abstract: "Draw where coarse points fall for a city and a countryside person (SVG)."
    )

    @Argument(help: "Where to write the SVG.")
    var output: String

    /// One panel: a person, what they did, and what the app got.
    struct Panel {
        var title: String
        var truth: [Coordinate]
        var coarse: [Location]
        var home: Coordinate
        var work: Coordinate
    }

    func run() throws {
        let panels = [
            Self.panel("City: walks 4.5 km to work", distance: 4_500, speed: 1.4, seed: 1),
            Self.panel("Countryside: cycles 14 km to work", distance: 14_000, speed: 4.5, seed: 2),
        ]
        let svg = Self.svg(panels)
        try Data(svg.utf8).write(to: URL(fileURLWithPath: output))
    }

    /// Three days of one commuter through a default Coarsener with a secret from `seed`.
    static func panel(_ title: String, distance: Double, speed: Double, seed: UInt64) -> Panel {
        var generator = SplitMix(seed: 0x5049_4354_5552_4500 &+ seed)  // "PICTURE"
        var commuter = PrivacyWorld.Commuter(using: &generator)
        commuter.home = Coordinate(latitude: 48.85, longitude: 2.35)
        (commuter.distance, commuter.speed) = (distance, speed)
        let samples = PrivacyWorld.commute(commuter, seed: generator.next()).prefix(3 * 1_440)
        var coarsener = Coarsener(secret: Coarsener.Secret(k0: generator.next(), k1: generator.next()))
        return Panel(
            title: title,
            truth: samples.map(\.truth).enumerated().filter { index, point in
                index == 0 || samples[samples.startIndex + index - 1].truth != point
            }.map(\.element),
            coarse: samples.compactMap { coarsener.coarsen($0.fix) },
            home: commuter.home,
            work: commuter.position(after: distance, aside: 0)
        )
    }

    /// Two panels side by side, each 460 px square, on one scale so the two can be compared.
    static func svg(_ panels: [Panel]) -> String {
        let size = 460.0
        let extents = panels.map { panel -> (Coordinate, Double) in
            var points = panel.truth + panel.coarse.map(\.coordinate)
            if let first = panel.coarse.first {
                let radius = first.horizontalAccuracy
                points += [
                    PrivacyWorld.moved(first.coordinate, east: radius, north: radius),
                    PrivacyWorld.moved(first.coordinate, east: -radius, north: -radius),
                ]
            }
            let middle = PrivacyAttack.mean([
                Coordinate(latitude: points.map(\.latitude).min()!, longitude: points.map(\.longitude).min()!),
                Coordinate(latitude: points.map(\.latitude).max()!, longitude: points.map(\.longitude).max()!),
            ])
            let span = points.map { point -> Double in
                let (east, north) = PrivacyAttack.offset(from: middle, to: point)
                return max(abs(east), abs(north))
            }.max()!
            return (middle, span)
        }
        let metresPerPixel = 2 * (extents.map(\.1).max()! * 1.05) / size
        var body = ""
        for (index, panel) in panels.enumerated() {
            let left = 20 + Double(index) * (size + 20)
            let centre = extents[index].0
            func xy(_ point: Coordinate) -> String {
                let (east, north) = PrivacyAttack.offset(from: centre, to: point)
                return String(
                    format: "%.1f,%.1f",
                    left + size / 2 + east / metresPerPixel,
                    60 + size / 2 - north / metresPerPixel
                )
            }
            body +=
                "<rect x=\"\(left)\" y=\"60\" width=\"\(size)\" height=\"\(size)\" fill=\"none\" stroke=\"#ccc\"/>\n"
            body += text(panel.title, x: left, y: 50, size: 15)
            body +=
                "<polyline points=\"\(panel.truth.map(xy).joined(separator: " "))\" fill=\"none\" stroke=\"#888\" "
                + "stroke-width=\"3\"/>\n"
            if let first = panel.coarse.first {
                let (cx, cy) = split(xy(first.coordinate))
                body += String(
                    format: "<circle cx=\"%@\" cy=\"%@\" r=\"%.1f\" fill=\"none\" stroke=\"#f4a300\" "
                        + "stroke-dasharray=\"6 4\"/>\n",
                    cx,
                    cy,
                    first.horizontalAccuracy / metresPerPixel
                )
            }
            let path = panel.coarse.map { xy($0.coordinate) }.joined(separator: " ")
            body += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#f4a300\" stroke-width=\"1\"/>\n"
            for point in Set(panel.coarse.map(\.coordinate)) {
                let (cx, cy) = split(xy(point))
                body += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"6\" fill=\"#f4a300\"/>\n"
            }
            for (place, label) in [(panel.home, "home"), (panel.work, "work")] {
                let (cx, cy) = split(xy(place))
                body += "<rect x=\"\(cx)\" y=\"\(cy)\" width=\"8\" height=\"8\" transform=\"translate(-4 -4)\"/>\n"
                body += text(label, x: Double(cx)! + 8, y: Double(cy)! - 6, size: 13)
            }
            let bar = 5_000 / metresPerPixel
            body +=
                "<line x1=\"\(left + 10)\" y1=\"\(60 + size - 14)\" x2=\"\(left + 10 + bar)\" "
                + "y2=\"\(60 + size - 14)\" stroke=\"black\" stroke-width=\"2\"/>\n"
            body += text("5 km", x: left + 14 + bar, y: 60 + size - 10, size: 12)
            let distinct = Set(panel.coarse.map(\.coordinate)).count
            body += text(
                "\(panel.coarse.count) coarse fixes in 3 days, \(distinct) distinct points",
                x: left,
                y: 60 + size + 20,
                size: 12
            )
        }
        let width = 20 + Double(panels.count) * (size + 20)
        let title = "Where approximate fixes fall: the default Coarsener, three days of two commuters"
        return String(
            format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" ",
            width,
            size + 130
        )
            + String(format: "viewBox=\"0 0 %.0f %.0f\">\n", width, size + 130)
            + "<title>\(title)</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + text(title, x: 20, y: 24, size: 16) + body
            + text(
                "grey: the true track · black: home and work · orange: the points the app got, joined in order; "
                    + "dashed: the first one's accuracy circle",
                x: 20,
                y: size + 120,
                size: 12
            ) + "</svg>\n"
    }

    static func split(_ pair: String) -> (String, String) {
        let parts = pair.split(separator: ",")
        return (String(parts[0]), String(parts[1]))
    }

    static func text(_ text: String, x: Double, y: Double, size: Int) -> String {
        String(format: "<text x=\"%.0f\" y=\"%.0f\" font-family=\"sans-serif\" font-size=\"%d\">", x, y, size)
            + text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            + "</text>\n"
    }
}
