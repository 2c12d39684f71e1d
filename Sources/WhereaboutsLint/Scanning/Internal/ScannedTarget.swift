/// A target as one project file describes it, before the scanner reads its plist and assigns files to it.
struct ScannedTarget {
    var name: String
    var kind: LintTarget.Kind
    var position: SourcePosition
    /// The Info.plist file, relative to the root.
    var infoPlistFile: String?
    /// More plists whose keys belong to the target (a WatchKit extension's, for its watch app).
    var extraPlists: [String] = []
    /// Keys from build settings or a project spec.
    var info: [String: DeclaredValue] = [:]
    /// Whether `info` overrides the plist file's keys (XcodeGen and Tuist properties do; build settings don't).
    var infoOverridesPlist = false
    var developmentRegion: String?
    var deploymentTarget: String?
    /// Files the project lists explicitly (build phases), relative to the root; `nil` when it lists none.
    var sourceFiles: [String]?
    /// Folders whose every source file belongs to the target (synchronized groups, spec `sources`).
    var sourceFolders: [String] = []
    /// Files inside `sourceFolders` that do not belong to the target.
    var excludedSources: Set<String> = []
    /// Localization and other resource files the project lists for the target.
    var resourceFiles: Set<String> = []
    /// The folder holding the project file that defines the target.
    var projectFolder: String
}
