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
    /// Where the project names each listed file (its file reference), for notes about files not on disk.
    var filePositions: [String: SourcePosition] = [:]
    /// Localization and other resource files the project lists for the target.
    var resourceFiles: Set<String> = []
    /// The folder holding the project file that defines the target.
    var projectFolder: String
    /// Folders of local Swift packages the target links (from the project), relative to the root.
    var packageFolders: [String] = []
    /// The products the target links from each local package folder: only their targets' code counts; a folder
    /// with none named gives all its library code.
    var packageFolderProducts: [String: [String]] = [:]
    /// Swift package products the target links with no local folder named; found through the `Package.swift`
    /// files in the linted folder, if any declares them.
    var packageProducts: [String] = []
    /// Products built by another project that the target links (`Kit.framework`), by file name.
    var foreignProducts: [String] = []
    /// Targets of another project the target depends on (through a project reference): the `.xcodeproj`
    /// path relative to the root, and the target's name.
    var foreignTargets: [ForeignTarget] = []
    /// Whether the project names any code for the target (build-phase files, source folders, linked code): a
    /// target that names code but ends up with none was not checked.
    var namesCode = false

    /// Whether the code the target links counts as its own: an app's or a watch app's does; an extension's
    /// does not, since an extension links the app's shared framework for other code than its location calls,
    /// and its location permission is the app's.
    var takesLinkedCode: Bool { kind == .app || kind == .watchApp }

    /// Files in `sourceFiles` that only linked code brings (a framework's), not the target's own.
    var linkedSourceFiles: Set<String> = []
    /// Folders in `sourceFolders` that only linked code brings.
    var linkedSourceFolders: Set<String> = []

    /// Adds the code of a framework, library or package target the target links.
    ///
    /// - Parameters:
    ///   - library: The linked target.
    ///   - asOwnCode: Whether the library's code is the target's own (a WatchKit extension's, for its watch app)
    ///     rather than linked code.
    mutating func link(_ library: ScannedTarget, asOwnCode: Bool = false) {
        // A file or folder the target lists itself stays its own, even when the library lists it too.
        let ownFiles = Set(sourceFiles ?? []).subtracting(linkedSourceFiles)
        let ownFolders = Set(sourceFolders).subtracting(linkedSourceFolders)
        if let files = library.sourceFiles { sourceFiles = (sourceFiles ?? []) + files }
        sourceFolders += library.sourceFolders
        if asOwnCode {
            linkedSourceFiles.formUnion(library.linkedSourceFiles.subtracting(ownFiles))
            linkedSourceFolders.formUnion(library.linkedSourceFolders.subtracting(ownFolders))
        } else {
            linkedSourceFiles.formUnion(Set(library.sourceFiles ?? []).subtracting(ownFiles))
            linkedSourceFolders.formUnion(Set(library.sourceFolders).subtracting(ownFolders))
        }
        excludedSources.formUnion(library.excludedSources)
        packageFolders += library.packageFolders
        packageFolderProducts.merge(library.packageFolderProducts) { $0 + $1 }
        packageProducts += library.packageProducts
        namesCode = namesCode || library.namesCode
    }
}

/// A target of another Xcode project, named through a project reference.
struct ForeignTarget: Equatable {
    /// The `.xcodeproj` folder, relative to the root.
    var project: String
    /// The target's name in that project.
    var name: String
}
