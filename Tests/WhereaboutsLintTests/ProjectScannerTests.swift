import Foundation
import Testing

@testable import WhereaboutsLint

@Suite(.timeLimit(.minutes(5)))
struct ProjectScannerTests {
    static let projects = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        .appending(path: "Projects")

    private func scan(_ name: String, scanner: ProjectScanner = ProjectScanner()) -> LintProject {
        scanner.scan(Self.projects.appending(path: name))
    }

    private func target(_ name: String, in project: LintProject) throws -> LintTarget {
        try #require(project.targets.first { $0.name == name }, "no target \(name) in \(project.targets.map(\.name))")
    }

    @Test func xcodeProjectTargetsAndKinds() throws {
        let project = scan("XcodeApp")
        #expect(project.problems.isEmpty)
        #expect(!project.isSwiftPackageOnly)
        #expect(project.targets.map(\.name) == ["Atlas", "AtlasWatch", "AtlasWidget"])
        #expect(project.targets.map(\.kind) == [.app, .watchApp, .appExtension])
        let app = try target("Atlas", in: project)
        #expect(app.position.file == "Atlas.xcodeproj/project.pbxproj")
        #expect(app.position.line > 0)
        #expect(app.deploymentTarget == "17.0")
        #expect(app.developmentRegion == "en")
    }

    @Test func xcodeProjectInfoKeysWithPositions() throws {
        let project = scan("XcodeApp")
        let app = try target("Atlas", in: project)
        let whenInUse = try #require(app.info["NSLocationWhenInUseUsageDescription"])
        #expect(whenInUse.origin == .infoPlist)
        #expect(whenInUse.position == SourcePosition(file: "Atlas/Info.plist", line: 7, column: 2))
        #expect(whenInUse.value == .string("Atlas shows your position on the map and finds trails near you."))
        #expect(app.info["UIBackgroundModes"]?.value == .array(["location"]))
        #expect(
            app.info["NSLocationTemporaryUsageDescriptionDictionary"]?.value
                == .dictionary(["Navigation": "Turn-by-turn trail directions need your exact position."])
        )
        // The Release configuration wins over Debug ("Atlas Debug").
        let displayName = try #require(app.info["CFBundleDisplayName"])
        #expect(displayName.value == .string("Atlas"))
        #expect(displayName.origin == .buildSetting)
        #expect(displayName.position.file == "Atlas.xcodeproj/project.pbxproj")
        let watch = try target("AtlasWatch", in: project)
        #expect(watch.info["NSLocationWhenInUseUsageDescription"]?.position.file == "AtlasWatch/Info.plist")
        let widget = try target("AtlasWidget", in: project)
        #expect(widget.info["NSWidgetWantsLocation"]?.value == .bool(true))
    }

    @Test func xcodeProjectSourceMembership() throws {
        let project = scan("XcodeApp")
        // Unused.swift is in the folder but in no Sources build phase; Formatting.swift is a SOURCE_ROOT
        // reference shared by the app and the widget.
        #expect(
            try target("Atlas", in: project).sourceFiles
                == ["Atlas/AtlasApp.swift", "Atlas/LocationModel.swift", "Shared/Formatting.swift"]
        )
        #expect(try target("AtlasWatch", in: project).sourceFiles == ["AtlasWatch/AtlasWatchApp.swift"])
        #expect(
            try target("AtlasWidget", in: project).sourceFiles
                == ["AtlasWidget/AtlasWidget.swift", "Shared/Formatting.swift"]
        )
    }

    @Test func buildSettingsOnlyProject() throws {
        let project = scan("BuildSettingsOnly")
        #expect(project.problems.isEmpty)
        let app = try target("Beacon", in: project)
        #expect(app.kind == .app)
        let whenInUse = try #require(app.info["NSLocationWhenInUseUsageDescription"])
        #expect(whenInUse.origin == .buildSetting)
        #expect(whenInUse.value == .string("Beacon shows your group where you are on the shared map."))
        #expect(whenInUse.position.file == "Beacon.xcodeproj/project.pbxproj")
        #expect(whenInUse.position.line > 0 && whenInUse.position.column > 0)
        #expect(app.info["UIBackgroundModes"]?.value == .array(["location", "fetch"]))
        #expect(app.info["LSRequiresIPhoneOS"]?.value == .bool(true))
        #expect(app.sourceFiles == ["Beacon/BeaconApp.swift", "Beacon/ContentView.swift"])
        #expect(app.localizations["en"]?["NSLocationWhenInUseUsageDescription"]?.position.line == 2)
    }

    @Test func synchronizedFolders() throws {
        let project = scan("Synchronized")
        #expect(project.problems.isEmpty)
        let app = try target("Trailhead", in: project)
        #expect(app.sourceFiles == ["Trailhead/Map/TrailMap.swift", "Trailhead/TrailheadApp.swift"])
        #expect(app.info["UIBackgroundModes"]?.value == .array(["location"]))
        #expect(app.info["NSLocationWhenInUseUsageDescription"]?.position.file == "Trailhead/Info.plist")
        #expect(app.deploymentTarget == "18.0")
    }

    @Test func xcodeGenSpec() throws {
        let project = scan("XcodeGenApp")
        #expect(project.problems.isEmpty)
        #expect(project.targets.map(\.name) == ["Ride", "RideWidget"])
        let app = try target("Ride", in: project)
        #expect(app.kind == .app)
        let always = try #require(app.info["NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(always.origin == .xcodeGen)
        #expect(always.position == SourcePosition(file: "project.yml", line: 18, column: 9))
        #expect(app.info["UIBackgroundModes"]?.value == .array(["location"]))
        #expect(app.info["NSLocationDefaultAccuracyReduced"]?.value == .bool(false))
        #expect(app.info["LSApplicationCategoryType"]?.origin == .buildSetting)
        #expect(app.sourceFiles == ["Ride/Sources/RideTracker.swift"])
        #expect(app.deploymentTarget == "16.0")
        #expect(app.developmentRegion == "en")
        let widget = try target("RideWidget", in: project)
        #expect(widget.kind == .appExtension)
        #expect(widget.info["NSLocationWhenInUseUsageDescription"] != nil)
        #expect(widget.sourceFiles == ["RideWidget/RideWidget.swift"])
    }

    @Test func tuistManifest() throws {
        let project = scan("TuistApp")
        #expect(project.problems.isEmpty)
        #expect(project.targets.map(\.name) == ["Harbor", "HarborWatch"])
        let app = try target("Harbor", in: project)
        #expect(app.kind == .app)
        let whenInUse = try #require(app.info["NSLocationWhenInUseUsageDescription"])
        #expect(whenInUse.origin == .tuist)
        #expect(whenInUse.position == SourcePosition(file: "Project.swift", line: 14, column: 17))
        #expect(app.info["UIBackgroundModes"]?.value == .array(["location"]))
        #expect(app.info["NSLocationDefaultAccuracyReduced"]?.value == .bool(true))
        #expect(
            app.info["NSLocationTemporaryUsageDescriptionDictionary"]?.value
                == .dictionary(["Docking": "Docking guidance needs your exact position."])
        )
        #expect(app.sourceFiles == ["Targets/Harbor/Sources/DockingView.swift"])
        #expect(app.deploymentTarget == "17.0")
        let watch = try target("HarborWatch", in: project)
        #expect(watch.kind == .watchApp)
        #expect(watch.info["NSLocationWhenInUseUsageDescription"]?.origin == .infoPlist)
        #expect(watch.sourceFiles == ["Targets/HarborWatch/Sources/HarborWatchApp.swift"])
    }

    @Test func localizations() throws {
        let project = scan("Localized")
        #expect(project.problems.isEmpty)
        let app = try target("Localized", in: project)
        #expect(app.kind == .unknown)
        #expect(app.developmentRegion == "en")
        #expect(app.sourceFiles == ["Sources/PlaceReminder.swift"])
        let english = try #require(app.localizations["en"]?["NSLocationWhenInUseUsageDescription"])
        #expect(english.value == .string("Kompass shows which way to walk to reach your \"saved places\"."))
        #expect(english.position == SourcePosition(file: "en.lproj/InfoPlist.strings", line: 5, column: 1))
        // UTF-16 LE with a byte-order mark.
        let japanese = try #require(app.localizations["ja"]?["NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(japanese.value == .string("保存した場所の近くに来たときにお知らせします。"))
        #expect(japanese.position.line == 3)
        // The string catalog.
        #expect(app.localizations["ja"]?["CFBundleDisplayName"]?.value == .string("コンパス"))
        let german = try #require(app.localizations["de"]?["NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(german.position.file == "InfoPlist.xcstrings")
        #expect(german.position.line == 26)
    }

    @Test func vendoredFoldersAreSkipped() throws {
        let project = scan("WithPods")
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets.flatMap(\.sourceFiles) == ["App/TrackingView.swift"])

        let everything = scan("WithPods", scanner: ProjectScanner(includeVendored: true))
        #expect(everything.targets.map(\.name) == ["App", "LocationKit"])
        #expect(try target("LocationKit", in: everything).sourceFiles == ["Pods/LocationKit/LocationKit.swift"])
    }

    @Test(arguments: ["Pods", "Pods/", "**/LocationKit/*", "Pods/LocationKit/Info.plist"])
    func excludedPaths(pattern: String) throws {
        let project = scan("WithPods", scanner: ProjectScanner(excludedPaths: [pattern], includeVendored: true))
        #expect(project.targets.map(\.name) == ["App"])
    }

    @Test func excludingTheAppFolder() {
        let project = scan("XcodeApp", scanner: ProjectScanner(excludedPaths: ["Shared/", "**/Unused.swift"]))
        #expect(project.targets.first?.sourceFiles == ["Atlas/AtlasApp.swift", "Atlas/LocationModel.swift"])
    }

    @Test func swiftPackageWithoutAppBundle() {
        let project = scan("PackageOnly")
        #expect(project.isSwiftPackageOnly)
        #expect(project.targets.isEmpty)
        #expect(project.problems.isEmpty)
        #expect(!scan("XcodeApp").isSwiftPackageOnly)
    }

    @Test func brokenFilesBecomeProblems() throws {
        let project = scan("Broken")
        #expect(project.problems.count == 2)
        #expect(project.problems.allSatisfy { $0.ruleID == "unreadable-file" && $0.severity == .error })
        let pbxproj = try #require(project.problems.first { $0.position.file.hasSuffix("project.pbxproj") })
        #expect(pbxproj.position.line == 11)
        #expect(pbxproj.position.column > 1)
        #expect(pbxproj.message.contains("expected ';'"))
        let plist = try #require(project.problems.first { $0.position.file == "App/Info.plist" })
        #expect(plist.position.line == 6)
        #expect(plist.message.contains("plutil -lint"))
        // Scanning goes on: the valid plist next to them is still read.
        #expect(project.targets.map(\.name) == ["Other"])
        #expect(project.targets.first?.sourceFiles == ["Other/Other.swift"])
    }

    @Test func binaryPlist() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "scanner-binary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "App"), withIntermediateDirectories: true)
        let plist: [String: Any] = ["NSLocationWhenInUseUsageDescription": "Shows nearby stops.", "X": 3]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try data.write(to: folder.appending(path: "App/Info.plist"))
        let project = ProjectScanner().scan(folder)
        let app = try target("App", in: project)
        let value = try #require(app.info["NSLocationWhenInUseUsageDescription"])
        #expect(value.value == .string("Shows nearby stops."))
        #expect(value.position == SourcePosition(file: "App/Info.plist", line: 0))
        #expect(app.info["X"]?.value == .other("a number"))
    }

    @Test(arguments: [
        "", "{", "(", "{ a = ", "{ a = \"unterminated", "/* never closed", "{ a = b; } trailing", "\u{0}\u{1}",
        "{ objects = { x = ( ; ); }; }", "{ objects = {}; rootObject = nope; }",
    ])
    func neverCrashesOnGarbage(text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "scanner-garbage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let projectFolder = folder.appending(path: "G.xcodeproj")
        try FileManager.default.createDirectory(at: projectFolder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: projectFolder.appending(path: "project.pbxproj"))
        for name in ["Info.plist", "project.yml", "Project.swift"] {
            try Data(text.utf8).write(to: folder.appending(path: name))
        }
        let project = ProjectScanner().scan(folder)
        #expect(!project.problems.isEmpty)
        #expect(project.problems.allSatisfy { $0.ruleID == "unreadable-file" })
    }
}
