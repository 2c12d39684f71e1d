import Testing

@testable import WhereaboutsLint

/// Linking a library into a target: which files stay the target's own.
@Suite(.timeLimit(.minutes(5)))
struct ScannedTargetLinkTests {
    /// A target of `kind` declared in `project.yml`, listing `files` in `folders`.
    static func target(_ name: String, _ kind: LintTarget.Kind, files: [String], folders: [String]) -> ScannedTarget {
        var target = ScannedTarget(
            name: name,
            kind: kind,
            position: SourcePosition(file: "project.yml"),
            projectFolder: ""
        )
        target.sourceFiles = files
        target.sourceFolders = folders
        return target
    }

    @Test("a file or folder the app lists itself stays its own when a framework it links lists it too")
    func sharedFilesStayOwn() {
        var app = Self.target(
            "App",
            .app,
            files: ["App/Main.swift", "Shared/Location.swift"],
            folders: ["App", "Shared"]
        )
        let framework = Self.target(
            "Kit",
            .unknown,
            files: ["Shared/Location.swift", "Kit/Client.swift"],
            folders: ["Shared", "Kit"]
        )
        app.link(framework)
        #expect(app.linkedSourceFiles == ["Kit/Client.swift"])
        #expect(app.linkedSourceFolders == ["Kit"])
    }
}
