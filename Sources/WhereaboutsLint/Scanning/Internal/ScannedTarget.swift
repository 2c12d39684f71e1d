/// Where a build setting may come from when a target does not set it itself.
enum SettingSource: Hashable {
    /// A value set at a wider level (the project's settings).
    case value(String)
    /// An `.xcconfig` file a configuration is based on, relative to the root.
    case xcconfig(String)
}

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
    /// The deployment target the target's own build settings set, for its platform.
    var deploymentTarget: String?
    /// Where to look when the target's own settings do not set the deployment target, most specific first.
    var deploymentTargetFallbacks: [SettingSource] = []
    /// The platform, when the project says (`SDKROOT`, XcodeGen's `platform`).
    var platform: TargetPlatform?
    /// Whether the target also runs on the Mac as a Mac app (macOS, or Mac Catalyst).
    var runsOnMac = false
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
