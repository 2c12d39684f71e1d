import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

/// `whereabouts track --geofences`: the bundled walk against fences along it.
@Suite(.timeLimit(.minutes(5)))
struct TrackGeofencesTests {
    /// The bundled walk's points, in order.
    static func samplePoints() throws -> [Coordinate] {
        let gpx = try String(contentsOf: ReplaySource.sampleTrackURL, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"lat="([-0-9.]+)"\s+lon="([-0-9.]+)""#)
        return pattern.matches(in: gpx, range: NSRange(gpx.startIndex..., in: gpx)).compactMap { match in
            guard let latitude = Range(match.range(at: 1), in: gpx).flatMap({ Double(gpx[$0]) }),
                let longitude = Range(match.range(at: 2), in: gpx).flatMap({ Double(gpx[$0]) })
            else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    /// Seven fences of 80 m, 30 m east of points spread along the walk, and the transitions of each that the walk
    /// makes for sure.
    static func fencesAlongTheWalk() throws -> (file: Data, fences: [Geofence], truth: [String: [String]]) {
        let points = try samplePoints()
        try #require(points.count > 100)
        let step = points.count / 6
        let fences = stride(from: 0, to: points.count, by: step).enumerated().map { index, at in
            let point = points[at]
            let east = 30 / (Coordinate.earthRadius * .pi / 180 * cos(point.latitude * .pi / 180))
            return Geofence(
                id: "stop-\(index)",
                center: Coordinate(latitude: point.latitude, longitude: point.longitude + east),
                radius: 80
            )
        }
        // A crossing is a change between sure sides: more than 10 m (about the sample's accuracy) inside or outside
        // the boundary, so the walk's jitter along a boundary is not taken for crossings.
        var truth: [String: [String]] = [:]
        for fence in fences {
            var inside: Bool?
            for point in points {
                let distance = fence.center.distance(to: point)
                guard abs(distance - fence.radius) > 10 else { continue }
                let now = distance < fence.radius
                if let inside, inside != now { truth[fence.id, default: []].append(now ? "entered" : "exited") }
                inside = now
            }
        }
        let features = fences.map { fence in
            #"{"type":"Feature","id":"\#(fence.id)","geometry":{"type":"Point","coordinates":["#
                + "\(fence.center.longitude),\(fence.center.latitude)]},"
                + #""properties":{"radius":\#(fence.radius)}}"#
        }
        let file = Data((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8)
        return (file, fences, truth)
    }

    static func run(_ arguments: [String], fences: Data) async throws -> (CLIRunner.Output, URL) {
        let directory = try CLIRunner.temporaryDirectory()
        let fenceFile = directory.appendingPathComponent("fences.geojson")
        try fences.write(to: fenceFile)
        let consent = directory.appendingPathComponent("c.json")
        let output = try await CLIRunner.run(
            ["track", "--consent-file", consent.path, "--loop", "1", "--geofences", fenceFile.path] + arguments
        )
        return (output, directory)
    }

    @Test("--geofences prints each fence's entries and exits in order, as ndjson with the documented keys")
    func eventsAlongTheWalk() async throws {
        let (file, _, truth) = try Self.fencesAlongTheWalk()
        let (output, directory) = try await Self.run(
            ["--answer", "while-using", "--precise", "--format", "ndjson"],
            fences: file
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(output.status == 0, "\(output.stderr)")
        let events = try TrackCommandTests.jsonLines(output.stdout)
        #expect(events.count == truth.values.joined().count, "\(output.stdout)")
        for event in events {
            #expect(
                Set(event.keys)
                    == ["detection", "event", "fence", "index", "latitude", "longitude", "radius", "timestamp"]
            )
        }
        let reported = Dictionary(grouping: events, by: { $0["fence"] as? String ?? "" })
            .mapValues { $0.compactMap { $0["event"] as? String } }
        #expect(reported == truth)
        #expect(
            output.stderr.contains("the app heard \(events.count) geofence events for 7 fences"),
            "\(output.stderr)"
        )
        // The fences are the app's: nothing of them is left in the consent file after the run.
        let consent = try String(contentsOf: directory.appendingPathComponent("c.json"), encoding: .utf8)
        #expect(!consent.contains("stop-"), "\(consent)")
    }

    @Test("--geofences --format geojson is one FeatureCollection of Points at the fences' centres")
    func geojson() async throws {
        let (file, fences, _) = try Self.fencesAlongTheWalk()
        let (output, directory) = try await Self.run(
            ["--answer", "while-using", "--precise", "--format", "geojson"],
            fences: file
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(!features.isEmpty)
        let centres = Dictionary(uniqueKeysWithValues: fences.map { ($0.id, $0.center) })
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            let geometry = try #require(feature["geometry"] as? [String: Any])
            let coordinates = try #require(geometry["coordinates"] as? [Double])
            let centre = try #require(centres[properties["fence"] as? String ?? ""])
            // Foundation's JSONSerialization on Linux reads the last digit of a 17-digit number wrong.
            #expect(coordinates.count == 2)
            #expect(abs(coordinates[0] - centre.longitude) < 1e-12 && abs(coordinates[1] - centre.latitude) < 1e-12)
        }
    }

    @Test("under When In Use in the background the app hears no fence event")
    func whenInUseInTheBackgroundHearsNothing() async throws {
        let (file, _, _) = try Self.fencesAlongTheWalk()
        let (output, directory) = try await Self.run(
            ["--answer", "while-using", "--precise", "--background", "--format", "ndjson"],
            fences: file
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty, "\(output.stdout)")
        #expect(output.stderr.contains("the app heard 0 geofence events for 7 fences in the background"))
    }

    @Test("under approximate location every event is approximate")
    func approximateEventsOnly() async throws {
        let (file, _, _) = try Self.fencesAlongTheWalk()
        let (output, directory) = try await Self.run(
            ["--answer", "while-using", "--approximate", "--format", "ndjson"],
            fences: file
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(output.status == 0, "\(output.stderr)")
        let events = try TrackCommandTests.jsonLines(output.stdout)
        #expect(events.allSatisfy { $0["detection"] as? String == "approximate" }, "\(output.stdout)")
    }

    @Test(
        "a fence file that cannot be used is an error naming the file, line and column",
        arguments: [
            (
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","#
                    + #""geometry":{"type":"Polygon","coordinates":[]},"properties":{"radius":5}}]}"#, ":1:"
            ),
            (#"{"type":"FeatureCollection","features":[]}"#, "holds no fence"),
            ("not json", ":1:"),
        ]
    )
    func badFenceFile(text: String, message: String) async throws {
        let (output, directory) = try await Self.run(["--answer", "while-using"], fences: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("fences.geojson"), "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test(
        "--geofences options that do not go together are refused with what to do",
        arguments: [
            (["--background"], "--background is for --geofences"),
            (["--geofences", "f.geojson", "--svg", "a.svg"], "leave one of them out"),
            (["--geofences", ""], "--geofences is empty"),
        ]
    )
    func wrongOptions(arguments: [String], message: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await TrackCommandTests.track(arguments, consent: directory.appendingPathComponent("c.json"))
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
