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

    /// The seed corpus of a fuzz target (`Fuzz/Corpus/NAME`), beside the package's tests in its repository.
    static func seeds(_ name: String) throws -> [(name: String, data: Data)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/\(name)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// Every seed of the pbxproj and plist corpora, the hostile shapes among them, ends in targets or keys, or in
    /// a finding, never both and never a trap: what the fuzz targets check, on every test run.
    @Test(arguments: ["pbxproj", "plist"])
    func everySeedEndsInAResultOrAFinding(corpus: String) throws {
        let seeds = try Self.seeds(corpus)
        #expect(seeds.count >= 10)
        for (name, data) in seeds {
            let summary =
                corpus == "plist" ? ProjectFileParsing.readInfoPlist(data) : ProjectFileParsing.readProject(data)
            if let summary {
                #expect(summary.problem == nil || summary.keys.isEmpty, "\(name): \(summary)")
            }
        }
    }

    /// Backslash escapes in a project file's keys and values are decoded when read, and a key written with
    /// escapes finds the object written without them.
    @Test func escapesInAProjectFileAreDecodedWhenRead() throws {
        let seed = try #require(try Self.seeds("pbxproj").first { $0.name == "shape-escapes-and-duplicates" })
        let summary = try #require(ProjectFileParsing.readProject(seed.data))
        #expect(summary.problem == nil, "\(summary)")
        #expect(summary.keys == ["App\u{0000}"])
    }
}
