import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// Inputs that made a fuzz target (`scripts/fuzz.sh gpx|nmea`) trap, kept so the fixes stay fixed.
///
/// Each test reads the input as the fuzz target does and checks the invariant it broke.
@Suite(.timeLimit(.minutes(5)))
struct FuzzRegressionTests {
    /// `<hdop>1e308</hdop>` is finite and not negative, but 1e308 × 5 m is infinite: the fix had an
    /// infinite horizontal accuracy (fuzz-gpx, `checkFix`: accuracy). The value is now refused as too large.
    @Test(arguments: [1, 3, ByteInput.chunkSize])
    func dilutionThatOverflowsMetresIsRefused(chunkSize: Int) throws {
        let gpx = #"<gpx><wpt lat="1" lon="2"><hdop>1e308</hdop><vdop>2e308</vdop></wpt></gpx>"#
        let result = try GPXFixture.read(Data(gpx.utf8), chunkSize: chunkSize)
        let fix = try #require(result.locations.first)
        #expect(fix.horizontalAccuracy == DOPAccuracy.horizontalWithoutDOP)
        #expect(fix.verticalAccuracy == nil)
        #expect(
            result.issues.map(\.message) == [
                #"<hdop> is too large: "1e308"; the value is ignored"#,
                #"<vdop> is not a number: "2e308"; the value is ignored"#,
            ]
        )
    }

    /// A dilution that gives finite metres but an accuracy larger than the Earth is ignored too; one that fits
    /// `LocationLimits.horizontalAccuracy` is kept.
    @Test func aDilutionBeyondTheEarthIsIgnoredAndTheLargestWithinIsKept() throws {
        let gpx = #"<gpx><wpt lat="1" lon="2"><hdop>1e307</hdop></wpt></gpx>"#
        let result = try GPXFixture.read(Data(gpx.utf8))
        let fix = try #require(result.locations.first)
        #expect(fix.horizontalAccuracy == DOPAccuracy.horizontalWithoutDOP)
        #expect(result.issues.map(\.message) == [#"<hdop> is too large: "1e307"; the value is ignored"#])
        // An HDOP of 4,000,000 is 20,000 km: still within the Earth's half circumference.
        let kept = try GPXFixture.read(Data(#"<gpx><wpt lat="1" lon="2"><hdop>4000000</hdop></wpt></gpx>"#.utf8))
        #expect(kept.locations.first?.horizontalAccuracy == 20_000_000)
        #expect(kept.issues.isEmpty)
    }
}
