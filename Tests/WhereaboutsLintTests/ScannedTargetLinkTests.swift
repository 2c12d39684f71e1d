import Testing

@testable import WhereaboutsLint

/// Linking a library into a target: which files stay the target's own.
struct ScannedTargetLinkTests {
    @Test("a file or folder the app lists itself stays its own when a framework it links lists it too")
    func sharedFilesStayOwn() {
        var app = ScannedTarget(
            name: "App",
            kind: .app,
            position: SourcePosition(file: "project.yml"),
            projectFolder: ""
        )
        app.sourceFiles = ["App/Main.swift", "Shared/Location.swift"]
        app.sourceFolders = ["App", "Shared"]
        var framework = ScannedTarget(
            name: "Kit",
            kind: .unknown,
            position: SourcePosition(file: "project.yml"),
            projectFolder: ""
        )
        framework.sourceFiles = ["Shared/Location.swift", "Kit/Client.swift"]
        framework.sourceFolders = ["Shared", "Kit"]
        app.link(framework)
        #expect(app.linkedSourceFiles == ["Kit/Client.swift"])
        #expect(app.linkedSourceFolders == ["Kit"])
    }
}
