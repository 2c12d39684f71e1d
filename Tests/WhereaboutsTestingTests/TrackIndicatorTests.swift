import Foundation
import Testing
import Whereabouts

@testable import whereabouts

/// The indicator `track` shows on its status line and draws in `--svg`, decided as the app's map decides it
/// (``UserLocationIndicator``) from the last authorization and fix.
@Suite(.timeLimit(.minutes(3)))
struct TrackIndicatorTests {
    static let approximateFix = Location(
        coordinate: Coordinate(latitude: 48.8193, longitude: 2.3185),
        horizontalAccuracy: 5_170,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600)
    )
    static let preciseFix = Location(
        coordinate: Coordinate(latitude: 48.857, longitude: 2.3411),
        horizontalAccuracy: 7,
        course: 307,
        timestamp: Date(timeIntervalSince1970: 1_767_225_602)
    )
    static let approximate = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
    static let precise = Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy)

    @Test("under approximate location the status line shows the circle and Request Precise Location")
    func approximateStatusLine() {
        let tally = TrackTally(drawsPicture: false, purposeKey: "Navigation")
        tally.sawBatch(authorization: Self.approximate, location: Self.approximateFix, notes: "")
        let line = tally.statusLine(speed: "10×")
        #expect(line.contains("My Location: approximate circle, 5.2 km"), "\(line)")
        #expect(line.contains("Request Precise Location: --purpose-key Navigation"), "\(line)")
        let noKey = TrackTally(drawsPicture: false, purposeKey: nil)
        noKey.sawBatch(authorization: Self.approximate, location: Self.approximateFix, notes: "")
        #expect(!noKey.statusLine(speed: "10×").contains("Request Precise"), "an app with no purpose key cannot ask")
    }

    @Test("at 100 columns the line keeps the counts, the pending fix and the indicator, and cuts no part in two")
    func narrowStatusLine() {
        let tally = TrackTally(drawsPicture: false, purposeKey: "Navigation")
        tally.delivered(count: 1, preciseCount: 0, locations: [])
        tally.sawBatch(authorization: Self.approximate, location: Self.approximateFix, notes: "accuracyLimited")
        tally.sawRaw((0..<1_234).map { _ in .location(Self.preciseFix) })
        let line = tally.statusLine(speed: "60×", width: 100)
        #expect(line.count < 100, "\(line)")
        #expect(
            line.hasPrefix(
                "▸ 1234 read · 1 received · next approximate fix pending · My Location: approximate circle, 5.2 km"
            ),
            "\(line)"
        )
        #expect(!line.contains("Request"), "a part that does not fit is left out whole: \(line)")
        let wide = tally.statusLine(speed: "60×", width: 300)
        #expect(wide.contains("Request Precise Location: --purpose-key Navigation"), "\(wide)")
        #expect(wide.hasSuffix("60× · accuracyLimited"), "\(wide)")
    }

    @Test("under precise location the status line shows the dot with its bearing, and no Request Precise Location")
    func preciseStatusLine() {
        let tally = TrackTally(drawsPicture: false, purposeKey: "Navigation")
        tally.sawBatch(authorization: Self.precise, location: Self.preciseFix, notes: "")
        let line = tally.statusLine(speed: "10×")
        #expect(line.contains("My Location: precise dot, bearing 307°"), "\(line)")
        #expect(!line.contains("Request Precise"))
        // A poor fix under full accuracy is drawn as a circle, but precise location is already allowed: no button.
        tally.sawBatch(authorization: Self.precise, location: Self.approximateFix, notes: "")
        let poor = tally.statusLine(speed: "10×")
        #expect(poor.contains("My Location: approximate circle, 5.2 km"), "\(poor)")
        #expect(!poor.contains("Request Precise"), "\(poor)")
    }

    @Test("a precise fix kept past Precise turned off, or past a revoke, is not drawn")
    func hiddenAfterAChange() {
        let tally = TrackTally(drawsPicture: false)
        tally.sawBatch(authorization: Self.precise, location: Self.preciseFix, notes: "")
        tally.sawBatch(authorization: Self.approximate, location: nil, notes: "")
        #expect(tally.indicator == .hidden)
        #expect(tally.statusLine(speed: "1×").contains("My Location: hidden"))
        tally.sawBatch(authorization: Self.approximate, location: Self.approximateFix, notes: "")
        #expect(tally.indicator == .approximate(Self.approximateFix.coordinate, radius: 5_170))
        tally.sawBatch(
            authorization: Authorization(status: .denied, accuracy: .reducedAccuracy),
            location: nil,
            notes: ""
        )
        #expect(tally.indicator == .hidden)
    }

    @Test("the picture draws the approximate circle, the precise dot with its arrow, or nothing, named My Location")
    func pictureDrawsTheIndicator() {
        let circle = TrackPicture.indicator(
            .approximate(Self.approximateFix.coordinate, radius: 5_170),
            x: { _ in 100 },
            y: { _ in 100 },
            metresToPixels: 0.01
        )
        #expect(circle.contains("<title>My Location</title>"))
        #expect(circle.contains("r=\"51.7\" fill=\"#007aff\" fill-opacity=\"0.2\""), "\(circle)")
        let dot = TrackPicture.indicator(
            .precise(Self.preciseFix.coordinate, bearing: 307),
            x: { _ in 100 },
            y: { _ in 100 },
            metresToPixels: 0.01
        )
        #expect(
            dot.contains("<title>My Location</title><desc>A precise dot at 48.85700, 2.34110, its arrow pointing 307°")
        )
        #expect(dot.contains("transform=\"rotate(307.0 100.0 100.0)\""), "\(dot)")
        #expect(TrackPicture.indicator(.hidden, x: { _ in 0 }, y: { _ in 0 }, metresToPixels: 1).isEmpty)
    }
}
