import Foundation
import PackagePlugin

/// One run of `whereabouts lint` asked for by the plugin's arguments.
///
/// The plugin accepts the linter's own options and forwards them unchanged:
///
/// ```
/// swift package whereabouts-lint [PATH …] [--format xcode|json|sarif] [--strict] [--config FILE]
///     [--include-vendored]
/// ```
///
/// With no PATH the plugin lints the folder it was started on (the package, or the Xcode project's folder).
struct LintInvocation {
    /// The arguments after `whereabouts`: `lint`, the options, then the folders.
    let toolArguments: [String]

    /// Reads the plugin's arguments.
    ///
    /// - Parameters:
    ///   - arguments: What followed the verb on the `swift package` command line.
    ///   - defaultPath: The folder to lint when no PATH is given.
    ///   - ignoringTargets: Whether to drop `--target NAME` options: Xcode passes the selected targets that way,
    ///     and the linter reads whole folders.
    /// - Throws: ``LintPluginError`` for an option the linter does not have or one without its value.
    init(arguments: [String], defaultPath: String, ignoringTargets: Bool = false) throws {
        if let last = arguments.last, ["--format", "--config"].contains(last) {
            throw LintPluginError.missingValue(last)
        }
        var extractor = ArgumentExtractor(arguments)
        let formats = extractor.extractOption(named: "format")
        let configs = extractor.extractOption(named: "config")
        let strict = extractor.extractFlag(named: "strict")
        let includeVendored = extractor.extractFlag(named: "include-vendored")
        if ignoringTargets { _ = extractor.extractOption(named: "target") }
        if let unknown = extractor.remainingArguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw LintPluginError.unknownOption(unknown)
        }
        guard formats.count <= 1, configs.count <= 1 else {
            throw LintPluginError.repeatedOption(formats.count > 1 ? "--format" : "--config")
        }
        var toolArguments = ["lint"]
        toolArguments += formats.flatMap { ["--format", $0] }
        toolArguments += configs.flatMap { ["--config", $0] }
        if strict > 0 { toolArguments.append("--strict") }
        if includeVendored > 0 { toolArguments.append("--include-vendored") }
        let paths = extractor.remainingArguments
        toolArguments += paths.isEmpty ? [defaultPath] : paths
        self.toolArguments = toolArguments
    }

    /// Runs the linter and waits for it, keeping its report and its messages apart.
    ///
    /// The report (standard output) is read through a pipe; the messages (standard error: the summary, or what
    /// could not be read) go to a file in `scratch`, so that neither can fill up while the other is read.
    ///
    /// - Parameters:
    ///   - tool: The `whereabouts` executable SwiftPM built for the plugin.
    ///   - scratch: A folder the plugin may write to (the plugin's work directory).
    /// - Returns: The linter's report, messages and exit status.
    /// - Throws: ``LintPluginError`` when the executable cannot be started or is ended by a signal.
    func run(tool: URL, scratch: URL) throws -> LintOutcome {
        let messagesURL = scratch.appendingPathComponent("lint-messages-\(ProcessInfo.processInfo.processIdentifier)")
        let messages: FileHandle
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: messagesURL.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            messages = try FileHandle(forWritingTo: messagesURL)
        } catch {
            throw LintPluginError.cannotWrite(messagesURL.path, "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: messagesURL) }
        let report = Pipe()
        let process = Process()
        process.executableURL = tool
        process.arguments = toolArguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = report
        process.standardError = messages
        do {
            try process.run()
        } catch {
            try? messages.close()
            throw LintPluginError.cannotStart(tool.path, error.localizedDescription)
        }
        let reportData = report.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? messages.close()
        if process.terminationReason == .uncaughtSignal {
            throw LintPluginError.killed(process.terminationStatus)
        }
        let messageText = (try? String(contentsOf: messagesURL, encoding: .utf8)) ?? ""
        return LintOutcome(
            status: process.terminationStatus,
            report: reportData,
            messages: messageText.split(whereSeparator: \.isNewline).map(String.init)
        )
    }
}
