internal import Foundation

/// Finds an app project's targets and their location declarations in a folder.
///
/// The scanner reads Xcode projects (`project.pbxproj`: targets, `INFOPLIST_FILE`, `INFOPLIST_KEY_*`
/// build settings, build phases and synchronized folders), Info.plist files (XML and binary), XcodeGen
/// `project.yml` and Tuist `Project.swift` specs, and localized `InfoPlist.strings` / `InfoPlist.xcstrings`.
/// It never throws: a file it cannot read becomes an `unreadable-file` finding in
/// ``LintProject/problems``, and scanning goes on with the other files.
///
/// ```swift
/// let project = ProjectScanner(excludedPaths: ["Legacy/"]).scan(URL(filePath: "MyApp"))
/// for target in project.targets {
///     print(target.name, target.kind, target.info["NSLocationWhenInUseUsageDescription"]?.position as Any)
/// }
/// ```
///
/// In a test, point it at a small fixture project:
///
/// ```swift
/// @Test func findsTheApp() throws {
///     let project = ProjectScanner().scan(fixtures.appending(path: "XcodeApp"))
///     #expect(project.targets.map(\.name) == ["Atlas", "AtlasWatch", "AtlasWidget"])
/// }
/// ```
struct ProjectScanner: Sendable {
    /// Folders holding code that is not the app's own (dependencies, build output); skipped at any depth
    /// unless `includeVendored` is set (`.git` and `DerivedData` are always skipped).
    static let vendoredFolders: [String] = [
        "Pods", "Carthage", ".build", "SourcePackages", "Vendor", "third_party", "DerivedData", ".git",
    ]

    /// Folders never entered: build output, bundles and Xcode metadata hold no sources of the app.
    static let ignoredFolderSuffixes: [String] = [
        ".xcassets", ".framework", ".xcframework", ".bundle", ".app", ".appex", ".xcarchive", ".dSYM",
        ".xcworkspace", ".swiftpm", "xcuserdata", "xcshareddata", ".docc", ".storyboardc", ".nib", ".momd",
    ]

    /// Whether a folder name is committed build output: Xcode's `build/` and `DerivedData/`, or a `*.build`
    /// intermediates folder. Always skipped, so its copied plists and generated sources are never targets.
    static func isBuildOutput(_ name: String) -> Bool {
        name == "build" || name == "DerivedData" || (name.hasSuffix(".build") && name != ".build")
    }

    /// Path patterns, relative to the root, whose files are skipped.
    var excludedPaths: [String]
    /// Whether vendored folders (``vendoredFolders``) are scanned too.
    var includeVendored: Bool
    /// Lists one folder by its absolute path; the file system's, or a test's stand-in for a folder it cannot make
    /// unreadable (a test running as root reads every folder).
    var listFolder: @Sendable (String) throws(FolderListing.Failure) -> [FolderListing.Entry] = FolderListing.read

    /// Creates a scanner.
    ///
    /// - Parameters:
    ///   - excludedPaths: Paths to skip, relative to the root: a prefix such as `"Legacy/"`, or a glob where
    ///     `*` matches inside a path component and `**` any number of components (`"**/Generated/*"`).
    ///   - includeVendored: Whether to scan vendored folders such as `Pods/` as well.
    init(excludedPaths: [String] = [], includeVendored: Bool = false) {
        self.excludedPaths = excludedPaths
        self.includeVendored = includeVendored
    }

    /// Scans a folder.
    ///
    /// - Parameter root: The folder to scan; every path in the result is relative to it.
    /// - Returns: The targets found, whether the folder is a Swift package without an app bundle, and the
    ///   files that could not be read.
    func scan(_ root: URL) -> LintProject {
        let inventory = walk(root)
        var assembler = ProjectAssembler(root: root, inventory: inventory)
        return assembler.assemble()
    }

    /// Lists the files the scanner cares about, skipping vendored, excluded and bundle folders.
    ///
    /// A folder that cannot be listed is noted (``FileInventory/unreadableFolders``) and skipped; when the root
    /// itself cannot be, the inventory says so (``FileInventory/rootUnreadable``) and holds an `unreadable-file`
    /// problem.
    func walk(_ root: URL) -> FileInventory {
        var inventory = FileInventory()
        let skipped = Set(includeVendored ? [".git", "DerivedData"] : Self.vendoredFolders)
        let rootPath = root.path
        var folders = [""]
        while let folder = folders.popLast() {
            let entries: [FolderListing.Entry]
            do {
                entries = try listFolder(folder.isEmpty ? rootPath : rootPath + "/" + folder)
            } catch {
                if folder.isEmpty {
                    inventory.rootUnreadable = true
                    inventory.problems.append(
                        LintRule.unreadableFile.finding(
                            "\(root.lastPathComponent) cannot be listed (\(error.reason)), so nothing in it was "
                                + "checked; check that the folder exists and is readable (chmod u+rx)",
                            at: SourcePosition(file: ".")
                        )
                    )
                } else {
                    inventory.unreadableFolders.append(folder)
                    inventory.problems.append(
                        ScanProblem.unreadableFolder(at: folder, error.reason)
                    )
                }
                continue
            }
            // Pushed in reverse so that folders are walked in name order.
            for entry in entries.reversed() {
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                let name = entry.name
                if skipped.contains(name) || Self.isBuildOutput(name)
                    || Self.ignoredFolderSuffixes.contains(where: { name.hasSuffix($0) })
                    || excludedPaths.contains(where: { ScanPaths.matches(pattern: $0, path: path) })
                {
                    continue
                }
                switch entry.kind {
                case .folder: folders.append(path)
                case .file: inventory.add(path)
                }
            }
        }
        return inventory
    }
}
