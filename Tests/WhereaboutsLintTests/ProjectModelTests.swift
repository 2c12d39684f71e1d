import Foundation
import Testing

@testable import WhereaboutsLint

/// How the linter finds a real app's targets, their plists, their files and the code they link (issue 15:
/// stray plists, decomposed names, frameworks and packages, includes and damaged projects).
@Suite(.timeLimit(.minutes(5)))
struct ProjectModelTests {
    static let projects = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        .appending(path: "Projects")
    static let whenInUse = "NSLocationWhenInUseUsageDescription"
    static let always = "NSLocationAlwaysAndWhenInUseUsageDescription"

    private func scan(_ name: String) -> LintProject {
        ProjectScanner().scan(Self.projects.appending(path: name))
    }

    private func lint(_ root: URL) async -> LintReport {
        await Linter(configuration: LintConfiguration()).lint([root])
    }

    private func target(_ name: String, in project: LintProject) throws -> LintTarget {
        try #require(project.targets.first { $0.name == name }, "no target \(name) in \(project.targets.map(\.name))")
    }

    /// A copy of a fixture in a temporary folder, to change.
    private func copy(_ name: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appending(path: "project-model-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.projects.appending(path: name), to: copy)
        return copy
    }

    // MARK: Stray, localized and build-output plists

    @Test(
        "with a project, only the plists its targets name are read: a leftover, a localized copy and build output are not targets"
    )
    func strayPlistsAreNotTargets() async throws {
        let project = scan("Issue15-StrayPlists")
        #expect(project.problems.isEmpty, "\(project.problems.map(\.message))")
        #expect(project.targets.map(\.name) == ["Compass"])
        let app = try target("Compass", in: project)
        // INFOPLIST_FILE is set in the Debug configuration only; it is still the target's plist.
        #expect(app.info[Self.whenInUse]?.position.file == "Compass/Supporting Files/Info.plist")
        #expect(app.info["UIBackgroundModes"] == nil)
        #expect(app.sourceFiles == ["Compass/CompassApp.swift", "Compass/Heading.swift"])

        let report = await lint(Self.projects.appending(path: "Issue15-StrayPlists"))
        #expect(report.count(of: .error) == 0, "\(report.allFindings.map(\.message))")
        #expect(
            !report.allFindings.contains {
                $0.position.file.contains("build/") || $0.position.file == "Compass/Info.plist"
            }
        )
        #expect(report.targetCount == 1)
        #expect(report.fileCount == 2)
        #expect(!report.isIncomplete)
    }

    @Test("without a project, each Info.plist is still a target, but a localized copy is not")
    func looseInfoPlistsWithoutAProject() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "project-model-loose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let lproj = root.appending(path: "App/Base.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [Self.whenInUse: "Shows the stops near you."],
            format: .xml,
            options: 0
        )
        try plist.write(to: root.appending(path: "App/Info.plist"))
        try plist.write(to: lproj.appending(path: "Info.plist"))
        try Data("let x = 1\n".utf8).write(to: root.appending(path: "App/Stops.swift"))
        let project = ProjectScanner().scan(root)
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets.first?.sourceFiles == ["App/Stops.swift"])
    }

    // MARK: Decomposed names

    @Test("a pbxproj that spells folder names decomposed (NFD) finds the composed (NFC) files on disk")
    func decomposedNamesInTheProject() async throws {
        let pbxproj = try String(
            contentsOf: Self.projects.appending(path: "Issue15-Decomposed/Hoehe.xcodeproj/project.pbxproj"),
            encoding: .utf8
        )
        // The fixture really has the two spellings: decomposed in the project, composed on disk.
        #expect(pbxproj.utf8.contains(0xCC))  // U+0308 COMBINING DIAERESIS is CC 88 in UTF-8
        let folder = try FileManager.default.contentsOfDirectory(
            atPath: Self.projects.appending(path: "Issue15-Decomposed").path
        ).filter { $0.hasPrefix("K") }
        #expect(folder.map { Array($0.utf8) } == [Array("K\u{F6}".utf8)])

        try checkDecomposed(Self.projects.appending(path: "Issue15-Decomposed"))
    }

    @Test("a pbxproj that spells names composed finds files whose names are decomposed on disk")
    func decomposedNamesOnDisk() async throws {
        let root = try copy("Issue15-Decomposed")
        defer { try? FileManager.default.removeItem(at: root) }
        let pbxproj = root.appending(path: "Hoehe.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: pbxproj, encoding: .utf8)
        try Data(text.precomposedStringWithCanonicalMapping.utf8).write(to: pbxproj)
        #expect(try !Data(contentsOf: pbxproj).contains(0xCC))
        // Rename every composed name on disk to its decomposed spelling, deepest first.
        let names = try #require(FileManager.default.subpaths(atPath: root.path)).filter {
            $0.unicodeScalars.contains("\u{F6}")
        }
        for path in names.sorted(by: { $0.count > $1.count }) {
            let name = ScanPaths.lastComponent(of: path)
            let decomposed = name.decomposedStringWithCanonicalMapping
            let parent = root.appending(path: ScanPaths.directory(of: path))
            guard rename(parent.appending(path: name).path, parent.appending(path: decomposed).path) == 0 else {
                Issue.record("cannot rename \(path)")
                return
            }
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("K") }
        #expect(listed.map { Array($0.utf8) } == [Array("Ko\u{308}".utf8)])
        try checkDecomposed(root)
    }

    private func checkDecomposed(_ root: URL) throws {
        let project = ProjectScanner().scan(root)
        #expect(project.problems.isEmpty, "\(project.problems.map(\.message))")
        let app = try #require(project.targets.first)
        #expect(app.sourceFiles.count == 2)
        #expect(app.info[Self.whenInUse] != nil)
        for file in app.sourceFiles {
            #expect(FileManager.default.fileExists(atPath: root.appending(path: file).path), "\(file) as listed")
        }
    }

    @Test("linting the decomposed project checks its code and reports no unreadable file")
    func lintingDecomposedNames() async throws {
        let report = await lint(Self.projects.appending(path: "Issue15-Decomposed"))
        #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
        #expect(report.fileCount == 2)
        #expect(!report.isIncomplete)
        #expect(report.count(of: .error) == 0, "\(report.findings.map(\.message))")
    }

    // MARK: Frameworks and packages

    @Test("a framework target and local packages count as the code of the apps that link them")
    func linkedCodeIsTheApps() throws {
        let project = scan("Issue15-LinkedCode")
        #expect(project.problems.isEmpty, "\(project.problems.map(\.message))")
        #expect(project.targets.map(\.name) == ["Trails", "TrailsWatch"])
        let app = try target("Trails", in: project)
        #expect(
            app.sourceFiles == [
                "Packages/Geo/Sources/GeoKit/Recorder.swift", "TrailKit/Navigator.swift", "Trails/TrailsApp.swift",
            ]
        )
        // The watch app names its package only by product; the Package.swift in the folder that declares it is found.
        let watch = try target("TrailsWatch", in: project)
        #expect(watch.kind == .watchApp)
        #expect(
            watch.sourceFiles == [
                "Packages/Wrist/Sources/WristTracking/WristLocation.swift", "TrailsWatch/TrailsWatchApp.swift",
            ]
        )
    }

    @Test("a purpose key passed from a linked framework is used; a watch app's linked code needs its own key")
    func linkedCodeFindings() async throws {
        let report = await lint(Self.projects.appending(path: "Issue15-LinkedCode"))
        let app = report.findings.filter { $0.target == "Trails" }
        #expect(!app.contains { $0.ruleID == "unused-location-key" }, "\(app.map(\.message))")
        #expect(!app.contains { $0.ruleID == "missing-usage-description" }, "\(app.map(\.message))")
        let watch = report.findings.filter { $0.target == "TrailsWatch" }
        #expect(watch.contains { $0.ruleID == "missing-usage-description" }, "\(watch.map(\.message))")
        #expect(!report.isIncomplete)
    }

    @Test("Tuist targets get the code of the frameworks and packages they depend on")
    func tuistDependencies() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "project-model-tuist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Project.swift": """
            import ProjectDescription

            let project = Project(
                name: "Dock",
                targets: [
                    .target(
                        name: "Dock",
                        destinations: .iOS,
                        product: .app,
                        bundleId: "com.example.dock",
                        infoPlist: .extendingDefault(with: ["NSLocationWhenInUseUsageDescription": "Dock finds the berth nearest to you."]),
                        sources: ["Dock/**"],
                        dependencies: [.target(name: "DockKit"), .package(product: "Berths")]
                    ),
                    .target(name: "DockKit", destinations: .iOS, product: .framework, bundleId: "com.example.dockkit", sources: ["DockKit/**"]),
                ]
            )
            """,
            "Dock/DockApp.swift": "let app = 1\n",
            "DockKit/Berth.swift": "let berth = 1\n",
            "Packages/Berths/Package.swift":
                "let package = Package(name: \"Berths\", products: [.library(name: \"Berths\", targets: [\"Berths\"])])\n",
            "Packages/Berths/Sources/Berths/Finder.swift": "let finder = 1\n",
        ]
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        let project = ProjectScanner().scan(root)
        #expect(project.targets.map(\.name) == ["Dock"])
        #expect(
            project.targets.first?.sourceFiles == [
                "Dock/DockApp.swift", "DockKit/Berth.swift", "Packages/Berths/Sources/Berths/Finder.swift",
            ]
        )
    }

    // MARK: Includes, damaged projects and what was not checked

    @Test("an XcodeGen target whose type comes from an included spec is kept, with its framework and package code")
    func xcodeGenIncludes() throws {
        let project = scan("Issue15-XcodeGenInclude")
        #expect(project.targets.map(\.name) == ["Walk"])
        let app = try target("Walk", in: project)
        #expect(app.kind == .app)
        #expect(app.info[Self.whenInUse]?.origin == .xcodeGen)
        let always = try #require(app.info[Self.always])
        #expect(always.origin == .buildSetting)
        #expect(always.position.file == "Specs/targets.yml")
        #expect(always.position.line == 7)
        #expect(app.deploymentTarget == "16.0")
        #expect(app.developmentRegion == "en")
        #expect(
            app.sourceFiles == [
                "Packages/Routing/Sources/Routing/RouteRecorder.swift", "Walk/Sources/WalkApp.swift",
                "WalkKit/StepTracker.swift",
            ]
        )
        let notes = project.problems.filter { $0.ruleID == "unresolved-reference" }
        #expect(notes.allSatisfy { $0.severity == .info })
        let missing = try #require(notes.first { $0.message.contains("missing.yml") })
        #expect(missing.position == SourcePosition(file: "project.yml", line: 6, column: 5))
        let orphan = try #require(notes.first { $0.message.contains("Orphan") })
        #expect(orphan.position.file == "project.yml")
        #expect(orphan.position.line == 20)
    }

    @Test("an XcodeGen target whose INFOPLIST_FILE is set in its configFiles' xcconfig (through an #include) reads it")
    func xcodeGenConfigFilesPlist() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "project-model-xcconfig-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [Self.whenInUse: "Room shows you on the floor plan of the building you are in."],
            format: .xml,
            options: 0
        )
        let files: [String: Data] = [
            "project.yml": Data("include:\n  - path: Room/target.yml\n".utf8),
            "Room/target.yml": Data(
                "targets:\n  Room:\n    type: application\n    platform: iOS\n    configFiles:\n"
                    .appending("      Debug: Debug.xcconfig\n      Release: Release.xcconfig\n    sources: [.]\n")
                    .utf8
            ),
            "Room/Release.xcconfig": Data("#include \"Common.xcconfig\"\nOTHER = 1\n".utf8),
            "Room/Common.xcconfig": Data("INFOPLIST_FILE = Room/Supporting/Info.plist // the app's\n".utf8),
            "Room/Supporting/Info.plist": plist,
            "Room/Floor.swift": Data("let floor = 1\n".utf8),
        ]
        for (path, data) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try data.write(to: url)
        }
        let project = ProjectScanner().scan(root)
        let app = try target("Room", in: project)
        #expect(app.info[Self.whenInUse]?.position.file == "Room/Supporting/Info.plist")
        #expect(app.sourceFiles == ["Room/Floor.swift"])
    }

    @Test("a pbxproj with an object ID written twice keeps its target and says so; missing files are a note")
    func duplicateObjectIDs() async throws {
        let project = scan("Issue15-DuplicateIDs")
        #expect(project.targets.map(\.name) == ["Ferry"])
        #expect(project.targets.first?.sourceFiles == ["Ferry/Departures.swift", "Ferry/FerryApp.swift"])
        let notes = project.problems.filter { $0.ruleID == "unresolved-reference" }
        let duplicate = try #require(notes.first { $0.message.contains("written twice") })
        #expect(duplicate.position.file == "Ferry.xcodeproj/project.pbxproj")
        #expect(duplicate.position.line > 0)
        let missing = try #require(notes.first { $0.message.contains("not in the folder") })
        #expect(missing.message.contains("Ferry/Removed.swift"))
        #expect(missing.position.line > 0)
        #expect(project.notChecked.isEmpty)

        let report = await lint(Self.projects.appending(path: "Issue15-DuplicateIDs"))
        #expect(report.targetCount == 1)
        #expect(report.fileCount == 2)
        #expect(!report.summary.contains("not checked"))
    }

    @Test("a target none of whose code is found is not checked: the summary, JSON and SARIF say so")
    func targetsNotChecked() async throws {
        let root = try copy("Issue15-DuplicateIDs")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["Ferry/Departures.swift", "Ferry/FerryApp.swift"] {
            try FileManager.default.removeItem(at: root.appending(path: file))
        }
        let report = await lint(root)
        #expect(report.notCheckedTargets == ["Ferry"])
        #expect(report.isIncomplete)
        #expect(report.count(of: .error) == 0)
        #expect(report.summary.hasSuffix(", 1 target not checked"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any]
        )
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["notChecked"] as? Int == 1)
        #expect(summary["notCheckedTargets"] as? [String] == ["Ferry"])
        #expect(SARIFReporter().render(report).contains("\"notCheckedTargets\""))
    }

    @Test("a folder holding no app is not a clean lint")
    func emptyFolderIsNotChecked() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "project-model-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = await lint(root)
        #expect(report.isIncomplete)
        #expect(report.summary.contains("not checked"))
    }
}
