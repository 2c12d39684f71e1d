/// The notices the linter emits about the project itself; they have no evaluator and are not run on targets.
extension LintRule {
    /// `no-app-bundle` (info): the folder is a Swift package with no app bundle, or holds no app at all.
    public static let noAppBundle = LintRule(
        id: "no-app-bundle",
        name: "NoAppBundle",
        defaultSeverity: .info,
        summary: "The folder is a Swift package with no app bundle, so there is no Info.plist to check.",
        discussion: "Purpose strings belong to the app that links the package; lint the app's project instead.",
        evaluator: nil
    )

    /// `unreadable-file` (error): a plist, project or source file could not be read.
    public static let unreadableFile = LintRule(
        id: "unreadable-file",
        name: "UnreadableFile",
        defaultSeverity: .error,
        summary: "A plist, project or source file could not be read, so its declarations were not checked.",
        discussion: "A malformed Info.plist or project.pbxproj also fails the build; fix the file the message names.",
        evaluator: nil
    )

    /// `unresolved-reference` (info): a target, file or setting a project names could not be resolved.
    public static let unresolvedReference = LintRule(
        id: "unresolved-reference",
        name: "UnresolvedReference",
        defaultSeverity: .info,
        summary: "A target, file or setting the project names could not be found, so what it holds was not checked.",
        discussion: "The note names the project file and line; fix the reference, or exclude the path if it is "
            + "not the app's. Targets left with nothing to check are counted as not checked.",
        evaluator: nil
    )

    /// `unreadable-folder` (info): a folder inside the project could not be listed, so the files in it were not
    /// checked.
    public static let unreadableFolder = LintRule(
        id: "unreadable-folder",
        name: "UnreadableFolder",
        defaultSeverity: .info,
        summary: "A folder inside the project could not be listed, so the files in it were not checked.",
        discussion: "The note names the folder and why; rules that report something missing from the code are not "
            + "run on the targets whose code may be in it. Make the folder readable, or exclude it.",
        evaluator: nil
    )
}
