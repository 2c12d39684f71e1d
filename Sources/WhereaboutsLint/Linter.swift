public import Foundation
internal import Whereabouts

/// Lints app projects: scans each folder for targets, analyzes their sources in parallel, runs the rules, and
/// applies the configuration.
///
/// ```swift
/// let linter = Linter(configuration: try LintConfiguration(contentsOf: URL(filePath: ".whereabouts-lint.yml")))
/// let report = await linter.lint([URL(filePath: "MyApp")])
/// print(XcodeReporter().render(report), report.summary)
/// ```
///
/// In a test, lint a fixture folder and check the rule ids:
///
/// ```swift
/// @Test func catchesTheMissingKey() async {
///     let root = fixture("Rule-missing-usage-description-positive")
///     let report = await Linter(configuration: LintConfiguration()).lint([root])
///     #expect(report.findings.map(\.ruleID) == ["missing-usage-description"])
/// }
/// ```
public struct Linter: Sendable {
    /// The rules to skip, paths to exclude, severity overrides, and whether vendored code counts.
    public var configuration: LintConfiguration
    /// Lists one folder by its absolute path: the file system's, or a test's stand-in for a folder it cannot make
    /// unreadable (a test running as root reads every folder).
    var listFolder: @Sendable (String) throws(FolderListing.Failure) -> [FolderListing.Entry] = FolderListing.read

    /// Creates a linter.
    ///
    /// - Parameter configuration: What to lint and how.
    public init(configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    /// Lints folders.
    ///
    /// Each folder is scanned for targets; every source file any target builds is read and analyzed once, in
    /// parallel (as many tasks at a time as there are cores): first a pass collecting the project's string constants,
    /// then a pass finding the location API uses, with purpose keys resolved through those constants. The rules run
    /// per target; then disabled rules and excluded paths are dropped and severities overridden. Paths in the
    /// report are relative to the current directory when the folder is inside it, absolute otherwise.
    ///
    /// - Parameters:
    ///   - roots: The folders to lint.
    ///   - progress: Called with (files done, files to do) as the analysis advances, from any task.
    /// - Returns: The sorted findings, the problems reading the projects, how much was looked at, and what could
    ///   not be checked (a target whose Info.plist or code was not found, an unreadable project, a folder with
    ///   no app).
    public func lint(_ roots: [URL], progress: (@Sendable (Int, Int) -> Void)? = nil) async -> LintReport {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        var report = LintReport(findings: [], baseDirectory: base)
        for root in roots {
            report = report.merging(await lint(root: root.standardizedFileURL, base: base, progress: progress))
        }
        return report
    }

    private func lint(root given: URL, base: URL, progress: (@Sendable (Int, Int) -> Void)?) async -> LintReport {
        // `lint App.xcodeproj` means the project folder that holds it.
        let root = given.pathExtension == "xcodeproj" ? given.deletingLastPathComponent() : given
        var scanner = ProjectScanner(
            excludedPaths: configuration.excluded,
            includeVendored: configuration.includeVendored
        )
        scanner.listFolder = listFolder
        // Listing folders and reading project files, plists and sources can wait on the disk: that work runs on a
        // thread of its own, never on a thread of the cooperative pool.
        let reads = ThreadOfItsOwn(name: "WhereaboutsLint.reads")
        let scanning = scanner
        let project = await reads.run { scanning.scan(root) }
        var problems = project.problems
        var notChecked = project.notChecked
        var findings: [LintFinding] = []
        if project.isSwiftPackageOnly {
            findings.append(
                LintRule.noAppBundle.finding(
                    "\(root.lastPathComponent) is a Swift package with no app bundle (no Info.plist, no app "
                        + "project), so there are no location purpose strings to check; lint the app that uses it.",
                    at: SourcePosition(file: "Package.swift")
                )
            )
        } else if project.rootUnreadable {
            // The `unreadable-file` problem at "." says so; the folder is not said to hold no app.
            notChecked.append(root.lastPathComponent)
        } else if project.targets.isEmpty && project.problems.isEmpty {
            findings.append(
                LintRule.noAppBundle.finding(
                    "\(root.path) holds no app: no .xcodeproj, project.yml, Project.swift or Info.plist was "
                        + "found, so nothing was checked; give the folder of the app project.",
                    at: SourcePosition(file: ".")
                )
            )
            notChecked.append(root.lastPathComponent)
        }

        let files = Set(project.targets.flatMap(\.sourceFiles)).filter { !configuration.isExcluded($0) }.sorted()
        let analysis = await SourceAnalysis.run(files: files, root: root, progress: progress)
        problems += analysis.problems

        // The rules read the files that declare closure properties (ClosureMemberMentions): on the same thread.
        let disabled = configuration.disabledRules
        findings += await reads.run {
            let dependencies = UncheckedDependencies.names(in: root)
            var closures = ClosureMemberMentions(root: root)
            var findings: [LintFinding] = []
            for var target in project.targets {
                target.uncheckedDependencies = dependencies
                if target.sourceFiles.contains(where: analysis.unreadable.contains) { target.codeComplete = false }
                let usages = closures.callableUses(
                    target.sourceFiles.flatMap { analysis.usages[$0] ?? [] },
                    of: target
                )
                for rule in LintRule.all where !disabled.contains(rule.id) {
                    findings += rule.evaluate(target, usages: usages)
                }
            }
            return findings
        }
        let prefix = Self.displayPrefix(of: root, base: base)
        var report = LintReport(
            findings: apply(findings, prefix: prefix),
            problems: apply(problems, prefix: prefix),
            fileCount: files.count,
            targetCount: project.targets.count,
            notCheckedTargets: notChecked,
            baseDirectory: base
        )
        // What was not read: files an `unreadable-file` problem names (but the root's), and folders not listed.
        let unreadFiles = Set(
            problems.filter { $0.ruleID == LintRule.unreadableFile.id && $0.position.file != "." }.map(\.position.file)
        )
        report.unreadPaths = (unreadFiles.map { prefix + $0 } + project.unreadableFolders.map { prefix + $0 + "/" })
            .sorted()
        if project.rootUnreadable { report.unreadableRoots = [prefix.isEmpty ? "." : String(prefix.dropLast())] }
        return report
    }

    /// Drops disabled rules and excluded files, overrides severities, removes duplicates, and prefixes paths.
    private func apply(_ findings: [LintFinding], prefix: String) -> [LintFinding] {
        var seen = Set<LintFinding>()
        var result: [LintFinding] = []
        for var finding in findings {
            guard !configuration.disabledRules.contains(finding.ruleID),
                !configuration.isExcluded(finding.position.file)
            else { continue }
            if let severity = configuration.severityOverrides[finding.ruleID] { finding.severity = severity }
            if !finding.position.file.hasPrefix("/") { finding.position.file = prefix + finding.position.file }
            if seen.insert(finding).inserted { result.append(finding) }
        }
        return result
    }

    /// `""` when the root is the base folder, `"Sub/Dir/"` when it is inside it, its absolute path otherwise.
    static func displayPrefix(of root: URL, base: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let basePath = base.standardizedFileURL.path
        if rootPath == basePath { return "" }
        let baseWithSlash = basePath.hasSuffix("/") ? basePath : basePath + "/"
        if rootPath.hasPrefix(baseWithSlash) { return String(rootPath.dropFirst(baseWithSlash.count)) + "/" }
        return rootPath + "/"
    }
}
