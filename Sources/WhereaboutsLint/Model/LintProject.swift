/// What the linter learned about a folder: its targets, and what it could not read.
struct LintProject: Hashable, Sendable {
    /// The targets found.
    var targets: [LintTarget]
    /// Whether the folder is a Swift package with no app bundle (no Info.plist, no app project).
    var isSwiftPackageOnly: Bool
    /// Problems reading the project (a malformed plist or pbxproj), as findings of rule `unreadable-file`.
    var problems: [LintFinding]
    /// Targets (and unreadable project files) the linter could not check: their Info.plist cannot be read, or
    /// none of the code their project names was found.
    var notChecked: [String]
    /// Folders inside the project that could not be listed, relative to it.
    var unreadableFolders: [String] = []
    /// Whether the folder itself could not be listed: nothing in it was checked.
    var rootUnreadable = false

    /// Creates a project.
    ///
    /// - Parameters:
    ///   - targets: The targets found.
    ///   - isSwiftPackageOnly: Whether it is a Swift package with no app bundle.
    ///   - problems: Problems reading it.
    ///   - notChecked: The targets and project files that could not be checked.
    init(
        targets: [LintTarget],
        isSwiftPackageOnly: Bool = false,
        problems: [LintFinding] = [],
        notChecked: [String] = []
    ) {
        self.targets = targets
        self.isSwiftPackageOnly = isSwiftPackageOnly
        self.problems = problems
        self.notChecked = notChecked
    }
}
