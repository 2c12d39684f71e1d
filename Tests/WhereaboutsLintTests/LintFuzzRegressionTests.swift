import Foundation
import Testing
import WhereaboutsLint

/// Inputs found by `scripts/fuzz.sh plist` and `pbxproj`.
@Suite(.timeLimit(.minutes(5)))
struct LintFuzzRegressionTests {
    /// Foundation's `PropertyListSerialization` crashed (SIGSEGV) on a binary plist holding a set.
    @Test func aBinaryInfoPlistHoldingASetIsAFindingNotACrash() throws {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/BinaryWithSet.plist")
        let summary = ProjectFileParsing.readInfoPlist(try Data(contentsOf: url))
        #expect(summary.keys.isEmpty)
        #expect(summary.problem?.contains("holding a set") == true)
    }
}
