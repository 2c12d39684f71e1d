/// Builds `unreadable-file` findings about the files of a project.
enum ScanProblem {
    /// A problem at `position`, as a finding of ``LintRule/unreadableFile``.
    ///
    /// - Parameters:
    ///   - position: The file (and the place in it) that could not be read.
    ///   - message: What is wrong with the file and what to do; it follows the file's name.
    ///   - target: The target the file belongs to, when known.
    /// - Returns: The finding.
    static func finding(at position: SourcePosition, _ message: String, target: String? = nil) -> LintFinding {
        LintRule.unreadableFile.finding(
            "\(ScanPaths.lastComponent(of: position.file)) \(message)",
            at: position,
            target: target
        )
    }

    /// A note that something a project names could not be resolved, as a finding of
    /// ``LintRule/unresolvedReference``.
    ///
    /// - Parameters:
    ///   - position: Where the reference is written (the project file and line).
    ///   - message: What could not be resolved and what was skipped.
    ///   - target: The target the reference belongs to, when known.
    /// - Returns: The finding.
    static func note(at position: SourcePosition, _ message: String, target: String? = nil) -> LintFinding {
        LintRule.unresolvedReference.finding(message, at: position, target: target)
    }

    /// A note that a folder could not be listed, as a finding of ``LintRule/unreadableFolder``.
    ///
    /// - Parameters:
    ///   - folder: The folder, relative to the root.
    ///   - reason: Why, in a few words: "permission denied".
    /// - Returns: The finding.
    static func unreadableFolder(at folder: String, _ reason: String) -> LintFinding {
        LintRule.unreadableFolder.finding(
            "\(folder)/ cannot be listed (\(reason)), so the files in it were not checked; make it readable, or "
                + "exclude it in .whereabouts-lint.yml if it holds nothing of the app",
            at: SourcePosition(file: folder)
        )
    }
}
