import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// Inputs that made a fuzz target (`scripts/fuzz.sh gpx|nmea`) trap, kept so the fixes stay fixed.
///
/// Each test reads the input as the fuzz target does and checks the invariant it broke.
@Suite(.timeLimit(.minutes(1)))
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

    /// The largest dilution that still gives finite metres is kept.
    @Test func largeButFiniteDilutionIsKept() throws {
        let gpx = #"<gpx><wpt lat="1" lon="2"><hdop>1e307</hdop></wpt></gpx>"#
        let result = try GPXFixture.read(Data(gpx.utf8))
        let fix = try #require(result.locations.first)
        #expect(fix.horizontalAccuracy == 5e307)
        #expect(result.issues.isEmpty)
    }
}
