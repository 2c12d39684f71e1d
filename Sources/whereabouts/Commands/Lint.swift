import ArgumentParser
import Foundation
import WhereaboutsLint

/// `whereabouts lint`: checks an app project's location declarations against its code.
struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an app project's location purpose strings, keys and background modes against its code.",
        discussion: """
            Scans each PATH for targets (Xcode projects, XcodeGen and Tuist specs, lone Info.plist files) and \
            their Swift and Objective-C sources, and reports what App Review or iOS would reject. Vendored \
            folders (Pods/, Carthage/, .build/, SourcePackages/, Vendor/, third_party/) are skipped unless \
            --include-vendored. A .whereabouts-lint.yml in PATH (or --config) can disable rules, exclude paths \
            and override severities. The rules are described in Documentation/LintRules/.

            A Core Location method counts as used when its receiver is, or may be, a CLLocationManager (an app's \
            own type with a method of the same name does not); purpose strings are judged by whether they say \
            what the app does with location, and their language by script; deployment targets are the \
            platform's own, read from build settings and .xcconfig files. The output is identical on every run.

            When an Xcode project, project.yml or Project.swift is found, only the Info.plists its targets name \
            are read; code in the frameworks an app links (in its project, or in another project of the folder), \
            the targets of the local Swift package products and the local CocoaPods (pod :path) it uses counts \
            as the app's. Framework targets and apps named ...TestHost that declare no location key are not \
            judged on their own. InfoPlist.strings may be text, XML or binary property lists. Committed build output (build/, DerivedData/, *.build/) is skipped. A target whose Info.plist or \
            code cannot be found is reported with a note and counted in "N targets not checked".

            Exit codes: 0 no error-level finding and everything checked; 2 an error-level finding (or a \
            warning with --strict); 3 no such finding, but some targets could not be checked or some files or \
            folders could not be read (a lint that checked nothing never looks clean); 1 a PATH or configuration that cannot be read; 64 wrong flags; 74 \
            standard output or standard error could not be written.
            """
    )

    @Argument(help: ArgumentHelp("The folders to lint (an app project's root).", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: "Output: xcode (path:line:col: error: …), json, or sarif (SARIF 2.1.0).")
    var format: Format = .xcode

    @Flag(name: .long, help: "Fail (exit code 2) on warnings too.")
    var strict = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: PATH/.whereabouts-lint.yml).",
            valueName: "file"
        )
    )
    var config: String?

    @Flag(name: .long, help: "Lint vendored folders (Pods/, Carthage/, …) too.")
    var includeVendored = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case xcode, json, sarif

        var reportFormat: LintReportFormat {
            switch self {
            case .xcode: .xcode
            case .json: .json
            case .sarif: .sarif
            }
        }
    }

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("Give at least one folder to lint, e.g. `whereabouts lint .`")
        }
    }

    func run() async throws {
        var isDirectory: ObjCBool = false
        for path in paths
        where !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            || !isDirectory.boolValue
        {
            Self.printError(
                "error: \(path) is not a folder; give the root of an app project (where its .xcodeproj, "
                    + "project.yml or Info.plist is)."
            )
            throw ExitCode.lintUnreadable
        }
        let showProgress = isatty(STDERR_FILENO) == 1
        let progress: @Sendable (Int, Int) -> Void = { done, total in
            // Two steps (constants, then uses) per file: show progress for projects of more than 200 files.
            guard showProgress, total > 2 * 200 else { return }
            if done == total || done % 20 == 0 {
                StandardStream.error.write("\rAnalyzing sources: \(done * 100 / total)%" + (done == total ? "\n" : ""))
            }
        }
        var report: LintReport?
        for path in paths {
            let root = URL(fileURLWithPath: path)
            let configuration = try loadConfiguration(for: root)
            let part = await Linter(configuration: configuration).lint([root], progress: progress)
            report = report.map { $0.merging(part) } ?? part
        }
        guard let report else { return }
        StandardStream.output.write(format.reportFormat.reporter.render(report).visibleControlCharacters)
        Self.printError(report.summary)
        if !report.unreadableRoots.isEmpty { throw ExitCode.lintUnreadable }  // a PATH that cannot be read
        if report.fails(strict: strict) { throw ExitCode.lintFindings }
        if report.isIncomplete { throw ExitCode.lintIncomplete }
    }

    private func loadConfiguration(for root: URL) throws -> LintConfiguration {
        var configuration = LintConfiguration()
        let file =
            config.map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent(LintConfiguration.fileName)
        if config != nil || FileManager.default.fileExists(atPath: file.path) {
            if let reason = InputFile.unreadableReason(file.path) {
                Self.printError("error: \(file.path) \(reason); give --config a .whereabouts-lint.yml file.")
                throw ExitCode.lintUnreadable
            }
            do {
                configuration = try LintConfiguration(contentsOf: file)
            } catch {
                Self.printError("error: \(error)")
                throw ExitCode.lintUnreadable
            }
        }
        if includeVendored { configuration.includeVendored = true }
        return configuration
    }

    static func printError(_ text: String) {
        StandardStream.error.write(text.visibleControlCharacters + "\n")
    }
}
