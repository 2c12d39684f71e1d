import Foundation
import Testing

@testable import WhereaboutsLint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The linter never reports on what it could not read, and says what it skipped.
@Suite(.timeLimit(.minutes(5)))
struct UnreadableInputTests {
    /// A temporary folder holding `files` (path → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "lint-unreadable-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func plist(_ keys: [String]) -> String {
        let entries = keys.map { "<key>\($0)</key><string>Shows the trails near you on the map as you walk.</string>" }
        return #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            + "<key>CFBundleDevelopmentRegion</key><string>en</string>" + entries.joined() + "</dict></plist>"
    }

    static let asksWhenInUse = """
        import CoreLocation

        final class Feature {
            let manager = CLLocationManager()
            func start() { manager.requestWhenInUseAuthorization() }
        }
        """

    static let asksEverything = """
        import CoreLocation

        final class Feature {
            let manager = CLLocationManager()
            func start() {
                manager.requestWhenInUseAuthorization()
                manager.allowsBackgroundLocationUpdates = true
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
            }
        }
        """

    static let xcodeGenSpec = """
        name: Atlas
        targets:
          Atlas:
            type: application
            platform: iOS
            deploymentTarget: "17.0"
            sources: [App]
            info:
              path: App/Info.plist
        """

    /// A lister that cannot list the folders whose paths end in one of `names`, as when they are `chmod 000`.
    static func denying(_ names: [String]) -> @Sendable (String) throws(FolderListing.Failure) -> [FolderListing.Entry]
    {
        { path throws(FolderListing.Failure) in
            if names.contains(where: { path.hasSuffix($0) }) {
                throw FolderListing.Failure(reason: "permission denied")
            }
            return try FolderListing.read(path)
        }
    }

    @Test(arguments: ["<plist><dict><key>NSLocation", ""])
    func anInfoPlistThatCannotBeParsedGivesNoMissingKeyFindingsForItsTarget(plist: String) async throws {
        let root = try Self.folder([
            "project.yml": Self.xcodeGenSpec, "App/Info.plist": plist, "App/Feature.swift": Self.asksEverything,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = await Linter().lint([root])
        let judged = ["missing-usage-description", "background-updates-without-mode", "missing-temporary-purpose-key"]
        #expect(report.findings.filter { judged.contains($0.ruleID) }.isEmpty, "\(report.findings)")
        #expect(
            report.problems.contains { $0.ruleID == "unreadable-file" && $0.position.file.hasSuffix("App/Info.plist") }
        )
        #expect(report.notCheckedTargets == ["Atlas"])
        #expect(report.unreadPaths.count == 1 && report.unreadPaths[0].hasSuffix("App/Info.plist"))
        #expect(report.summary.hasSuffix(", 1 target not checked, 1 file not read"), "\(report.summary)")
    }

    @Test func theSameTargetWithAReadableInfoPlistIsJudged() async throws {
        let root = try Self.folder([
            "project.yml": Self.xcodeGenSpec, "App/Info.plist": Self.plist([]),
            "App/Feature.swift": Self.asksEverything,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = await Linter().lint([root])
        let rules = Set(report.findings.map(\.ruleID))
        #expect(rules.isSuperset(of: ["missing-usage-description", "background-updates-without-mode"]), "\(rules)")
        #expect(report.unreadPaths.isEmpty && !report.isIncomplete)
    }

    @Test func aSwiftFileThatCannotBeReadGivesNoUnusedKeyWarning() async throws {
        let always = "NSLocationAlwaysAndWhenInUseUsageDescription"
        let root = try Self.folder([
            "App/Info.plist": Self.plist(["NSLocationWhenInUseUsageDescription", always]),
            "App/Feature.swift": Self.asksWhenInUse,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let clean = await Linter().lint([root])
        #expect(clean.findings.map(\.ruleID).contains("unused-location-key"))  // the key no readable code asks for
        // A source file that cannot be read (here a link to nothing) may hold the request that needs the key.
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "App/Tracking.swift").path,
            withDestinationPath: "/nonexistent/Tracking.swift"
        )
        let report = await Linter().lint([root])
        #expect(!report.findings.map(\.ruleID).contains("unused-location-key"), "\(report.findings)")
        #expect(report.problems.map(\.ruleID) == ["unreadable-file"])
        #expect(report.unreadPaths.count == 1 && report.unreadPaths[0].hasSuffix("App/Tracking.swift"))
        #expect(report.summary.hasSuffix(", 1 file not read"), "\(report.summary)")
    }

    @Test func aSubfolderThatCannotBeListedIsNamedInANoteAndItsTargetIsNotJudgedOnItsCode() async throws {
        let always = "NSLocationAlwaysAndWhenInUseUsageDescription"
        let root = try Self.folder([
            "App/Info.plist": Self.plist(["NSLocationWhenInUseUsageDescription", always]),
            "App/Feature.swift": Self.asksWhenInUse,
            "App/Tracking/Tracker.swift": "// asks for Always: not seen",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        var linter = Linter()
        linter.listFolder = Self.denying(["/App/Tracking"])
        let report = await linter.lint([root])
        #expect(!report.findings.map(\.ruleID).contains("unused-location-key"), "\(report.findings)")
        let note = try #require(report.problems.first { $0.ruleID == "unreadable-folder" })
        #expect(note.severity == .info)
        #expect(note.message.contains("App/Tracking/ cannot be listed (permission denied)"), "\(note.message)")
        #expect(report.unreadPaths.count == 1 && report.unreadPaths[0].hasSuffix("App/Tracking/"))
        #expect(report.isIncomplete)
        #expect(report.summary.hasSuffix(", 1 folder not read"), "\(report.summary)")
    }

    @Test func aFolderThatCannotBeListedIsAnErrorNotAFolderWithoutAnApp() async throws {
        let root = try Self.folder(["App/Info.plist": Self.plist([]), "App/Feature.swift": Self.asksWhenInUse])
        defer { try? FileManager.default.removeItem(at: root) }
        var linter = Linter()
        linter.listFolder = Self.denying([root.lastPathComponent])
        let report = await linter.lint([root])
        #expect(!report.allFindings.contains { $0.ruleID == "no-app-bundle" }, "\(report.allFindings)")
        #expect(report.unreadableRoots.count == 1)
        let error = try #require(report.problems.first)
        #expect(error.ruleID == "unreadable-file" && error.severity == .error)
        #expect(error.message.contains("cannot be listed (permission denied)"))
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any folder"))
    func aFolderWithoutPermissionsIsNotReadAsOneWithoutAnApp() async throws {
        let root = try Self.folder(["App/Info.plist": Self.plist([]), "Secret/Notes.swift": ""])
        defer {
            chmod(root.appending(path: "Secret").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        #expect(chmod(root.appending(path: "Secret").path, 0) == 0)
        let report = await Linter().lint([root])
        #expect(report.problems.contains { $0.ruleID == "unreadable-folder" })
        #expect(chmod(root.path, 0) == 0)
        defer { chmod(root.path, 0o755) }
        let unreadable = await Linter().lint([root])
        #expect(unreadable.unreadableRoots.count == 1)
        #expect(!unreadable.allFindings.contains { $0.ruleID == "no-app-bundle" })
    }

    @Test func aNamedPipeNamedLikeASourceFileIsNotASourceFile() async throws {
        let root = try Self.folder(["App/Info.plist": Self.plist([]), "App/Feature.swift": Self.asksWhenInUse])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(mkfifo(root.appending(path: "App/Pipe.swift").path, 0o644) == 0)
        let inventory = ProjectScanner().walk(root)
        #expect(inventory.sources == ["App/Feature.swift"])
        let report = await Linter().lint([root])
        #expect(report.fileCount == 1)
    }
}
