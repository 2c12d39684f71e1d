/// What the linter learned about a folder: its targets, and what it could not read.
struct LintProject: Hashable, Sendable {
    /// The targets found.
    var targets: [LintTarget]
    /// Whether the folder is a Swift package with no app bundle (no Info.plist, no app project).
    var isSwiftPackageOnly: Bool
    /// Problems reading the project (a malformed plist or pbxproj), as findings of rule `unreadable-file`.
    var problems: [LintFinding]

    /// Creates a project.
    ///
    /// - Parameters:
    ///   - targets: The targets found.
    ///   - isSwiftPackageOnly: Whether it is a Swift package with no app bundle.
    ///   - problems: Problems reading it.
    init(targets: [LintTarget], isSwiftPackageOnly: Bool = false, problems: [LintFinding] = []) {
        self.targets = targets
        self.isSwiftPackageOnly = isSwiftPackageOnly
        self.problems = problems
    }
}
