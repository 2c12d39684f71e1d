/// The files of interest in a folder, relative to it.
struct FileInventory {
    var sources: [String] = []
    var pbxprojs: [String] = []
    var plists: [String] = []
    var xcodeGenSpecs: [String] = []
    var tuistManifests: [String] = []
    var localizations: [String] = []
    var packageManifests: [String] = []
    /// CocoaPods `Podfile`s and `.podspec` files, for local pods (`pod 'Name', :path => '../'`).
    var podfiles: [String] = []
    var podspecs: [String] = []
    var problems: [LintFinding] = []
    /// Folders that could not be listed, relative to the root: what they hold was not checked.
    var unreadableFolders: [String] = []
    /// Whether the root itself could not be listed: nothing in it was checked.
    var rootUnreadable = false

    mutating func add(_ path: String) {
        let name = ScanPaths.lastComponent(of: path)
        let folder = ScanPaths.lastComponent(of: ScanPaths.directory(of: path))
        switch name {
        case "project.pbxproj" where folder.hasSuffix(".xcodeproj"): pbxprojs.append(path)
        case "Info.plist": plists.append(path)
        case "project.yml", "project.yaml": xcodeGenSpecs.append(path)
        case "Project.swift": tuistManifests.append(path)
        case "Package.swift": packageManifests.append(path)
        case "Podfile": podfiles.append(path)
        case _ where name.hasSuffix(".podspec"): podspecs.append(path)
        case "InfoPlist.xcstrings": localizations.append(path)
        case "InfoPlist.strings" where folder.hasSuffix(".lproj"): localizations.append(path)
        default: if ScanPaths.isSourceFile(path) { sources.append(path) }
        }
    }
}
