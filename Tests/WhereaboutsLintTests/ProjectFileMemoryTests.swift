import Foundation
import Testing
import WhereaboutsTestSupport

@testable import WhereaboutsLint

/// A large `project.pbxproj` is parsed into a compact tree over its one buffer, and read as before.
@Suite(.timeLimit(.minutes(5)))
struct ProjectFileMemoryTests {
    static let project = LargeXcodeProject.text(bytes: 3_000_000)

    @Test("the parse tree of a 3 MB project.pbxproj keeps at most twice the file's size")
    func theParseTreeKeepsAtMostTwiceTheFileSize() throws {
        let bytes = Array(Self.project.text.utf8)
        var parser = ASCIIPlistParser(bytes: bytes)
        let document = try parser.parseDocument()
        let size = bytes.count
        // The file (once), 12 bytes a node and 4 a line: about 1.5 times the file for Xcode's layout. A String
        // per word and a dictionary per object took four to five times.
        #expect(document.tree.retainedBytes <= 2 * size, "\(document.tree.retainedBytes) bytes for \(size)")
        #expect(document.tree.retainedBytes >= size)
        let objects = try #require(document.dictionary?["objects"]?.dictionary)
        // Every source file has a build file and a reference; every target a list, two configurations, a phase.
        #expect(objects.count > 2 * Self.project.sourceFiles)
    }

    @Test("a large project's targets, settings and source paths are read through the compact tree")
    func aLargeProjectIsReadInFull() {
        let result = PBXProjectReader.read(bytes: Array(Self.project.text.utf8), file: "Big.xcodeproj/project.pbxproj")
        #expect(result.problem == nil)
        #expect(result.targets.count == LargeXcodeProject.appCount)
        #expect(result.libraries.count == LargeXcodeProject.targetCount - LargeXcodeProject.appCount)
        let perTarget = Self.project.sourceFiles / LargeXcodeProject.targetCount
        let app = result.targets.first { $0.name == "Module10" }
        #expect(app?.sourceFiles?.count == perTarget)
        // The path goes through the file's group and the target's group.
        #expect(app?.sourceFiles?.first == "Module10/Feature000/Feature000View000.swift")
        #expect(app?.sourceFiles?.last?.hasPrefix("Module10/Feature") == true)
        #expect(app?.info["NSLocationWhenInUseUsageDescription"] != nil)
        #expect(app?.deploymentTarget == "17.0")
        let position = app.flatMap { $0.filePositions["Module10/Feature000/Feature000View000.swift"] }
        #expect(position?.line ?? 0 > 0 && position?.column == 3, "\(String(describing: position))")
    }
}
