import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// Tracks, routes and waypoints stay apart, and points without a time get one from their own segment.
@Suite(.timeLimit(.minutes(5)))
struct GPXReaderKindsTests {
    static func seconds(_ result: GPXReadResult) -> [Double] {
        result.locations.map { $0.timestamp.timeIntervalSince1970 }
    }

    static func latitudes(_ result: GPXReadResult) -> [Double] {
        result.locations.map(\.coordinate.latitude)
    }

    @Test("by default the track plays: a lost time is interpolated by distance, an untimed segment goes on at 1 s")
    func tracksFirst() throws {
        let result = try GPXFixture.read(fixture: "kinds")
        #expect(result.issues == [])
        #expect(Self.latitudes(result) == [48.8566, 48.8567, 48.8570, 48.8575, 48.8576])
        // 12:00:00 and 12:00:08 around a point a quarter of the way along: 12:00:02. The second
        // segment has no time: one second after the last time, then one second a point.
        let noon = 1_714_564_800.0
        #expect(Self.seconds(result).map { ($0 - noon).rounded(toPlaces: 6) } == [0, 2, 8, 9, 10])
    }

    @Test("--points chooses one kind; all keeps the file's order")
    func chosenKinds() throws {
        let routes = try GPXFixture.read(fixture: "kinds", points: .routes)
        #expect(Self.latitudes(routes) == [48.8566, 48.8580, 48.8590])
        // No time in the route: from the file's <metadata> time, one second a point.
        #expect(Self.seconds(routes) == [1_714_561_200, 1_714_561_201, 1_714_561_202])

        let waypoints = try GPXFixture.read(fixture: "kinds", points: .waypoints)
        #expect(Self.latitudes(waypoints) == [48.8530, 48.8606])
        #expect(Self.seconds(waypoints) == [1_563_098_400, 1_563_098_401])

        let tracks = try GPXFixture.read(fixture: "kinds", points: .tracks)
        #expect(tracks == (try GPXFixture.read(fixture: "kinds")))

        let all = try GPXFixture.read(fixture: "kinds", points: .all)
        #expect(Self.latitudes(all) == Self.latitudes(waypoints) + Self.latitudes(routes) + Self.latitudes(tracks))
        // Each kind keeps its own times; the untimed route follows the waypoints, not the file's start.
        #expect(
            Array(Self.seconds(all).prefix(5)) == [
                1_563_098_400, 1_563_098_401, 1_563_098_402, 1_563_098_403, 1_563_098_404,
            ]
        )
        #expect(Array(Self.seconds(all).suffix(5)) == Self.seconds(tracks))
    }

    @Test("a file without a track plays its routes (each route a segment); without either, its waypoints")
    func fallsBack() throws {
        let routes = try GPXFixture.read(fixture: "route-only")
        #expect(Self.latitudes(routes) == [51.5010, 51.5020, 51.5030, 51.5040])
        #expect(Self.seconds(routes) == [946_684_800, 946_684_801, 946_684_802, 946_684_803])

        let waypoints = try GPXFixture.read(fixture: "waypoints-only")
        #expect(Self.latitudes(waypoints) == [40.7128, 40.7580, 40.7829])
        // The first waypoint has no time: it leads to the next one's by one second.
        #expect(Self.seconds(waypoints) == [1_720_083_599, 1_720_083_600, 1_720_087_200])

        #expect(try GPXFixture.read(fixture: "waypoints-only", points: .tracks).locations == [])
    }

    @Test(
        "reading again (a file) and keeping routes and waypoints in memory (a handle) give the same points",
        arguments: ["kinds", "route-only", "waypoints-only", "track-1.1", "track-1.0", "malformed-values", "truncated"]
    )
    func rereadingMatchesKeeping(fixture: String) throws {
        for points in GPXReader.Points.allCases {
            let kept = try GPXFixture.read(fixture: fixture, points: points)
            let reread = try GPXFixture.read(fixture: fixture, points: points, rereadable: true)
            #expect(kept == reread, "\(points)")
            let chunked = try GPXFixture.read(fixture: fixture, chunkSize: 7, points: points, rereadable: true)
            #expect(chunked == reread, "\(points), chunks of 7 bytes")
        }
    }

    @Test("an issue in a point that is not played is reported once, even when the file is read twice")
    func issuesOnce() throws {
        let gpx = """
            <gpx version="1.1">
            <wpt lat="north" lon="2"/>
            <rte><rtept lat="1" lon="2"><ele>high</ele></rtept></rte>
            </gpx>
            """
        let result = try GPXFixture.read(Data(gpx.utf8), rereadable: true)
        #expect(result.issues.map(\.line) == [2, 3])
        #expect(result.locations.count == 1)
        var strict = GPXReader(data: Data(gpx.utf8), strict: true)
        #expect(throws: ReplayIssue.self) { try strict.next() }
    }

    @Test("each route is a segment of its own: a route's first untimed point leads to its own next time")
    func routesAreSegments() throws {
        let gpx = """
            <gpx>
            <rte><rtept lat="1" lon="2"><time>2024-01-01T10:00:00Z</time></rtept>
            <rtept lat="1" lon="2.001"><time>2024-01-01T10:00:10Z</time></rtept></rte>
            <rte><rtept lat="1" lon="2.002"/><rtept lat="1" lon="2.003"><time>2024-01-01T10:01:00Z</time></rtept></rte>
            </gpx>
            """
        let kept = try GPXFixture.read(Data(gpx.utf8))
        #expect(Self.seconds(kept).map { $0 - 1_704_103_200 } == [0, 10, 59, 60])
        #expect(try GPXFixture.read(Data(gpx.utf8), rereadable: true) == kept)
    }

    @Test("a point between two timed neighbours at the same place is placed evenly")
    func evenlyWhenNotMoving() throws {
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1" lon="2"/><trkpt lat="1" lon="2"/><trkpt lat="1" lon="2"/>
            <trkpt lat="1" lon="2"><time>2024-01-01T00:00:08Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let result = try GPXFixture.read(Data(gpx.utf8))
        #expect(Self.seconds(result).map { $0 - 1_704_067_200 } == [0, 2, 4, 6, 8])
    }

    @Test("a very long run of untimed points is let go at the pace; memory stays bounded")
    func longUntimedRun() throws {
        var gpx = "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:00Z</time></trkpt>\n"
        let run = GPXTimeline.longestHeldRun + 10
        for index in 0..<run { gpx += "<trkpt lat=\"1\" lon=\"\(2 + Double(index + 1) * 1e-5)\"/>\n" }
        gpx += "<trkpt lat=\"1\" lon=\"3\"><time>2024-01-01T02:00:00Z</time></trkpt>\n</trkseg></trk></gpx>"
        let times = Self.seconds(try GPXFixture.read(Data(gpx.utf8))).map { $0 - 1_704_067_200 }
        try #require(times.count == run + 2)
        // The first 4096 are let go at 1 s a point; the last 10 are interpolated up to 02:00:00.
        #expect(times[1] == 1 && times[GPXTimeline.longestHeldRun] == Double(GPXTimeline.longestHeldRun))
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times never go back")
        #expect(times.last == 7200)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
