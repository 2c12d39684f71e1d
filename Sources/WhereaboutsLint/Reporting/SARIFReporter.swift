internal import Foundation

/// SARIF 2.1.0, as GitHub code scanning and `sarif-tools` read it.
///
/// One run whose `tool.driver` (`whereabouts-lint`) lists every rule (id, name, short and full description,
/// `helpUri` to the rule's page under `Documentation/LintRules/`, default level), and one result per finding with
/// `ruleId`, `ruleIndex`, `level` (`error`, `warning`, `note`), `message.text` and a physical location: the path
/// relative to `%SRCROOT%` (the report's base directory, given in `originalUriBaseIds`) and a region whose line
/// and column are at least 1. When targets could not be checked, the run's `properties.notCheckedTargets` names them.
///
/// The run has one invocation. What lint could not read is there, as SARIF keeps conditions of the tool's run
/// apart from its results: each path of ``LintReport/unreadPaths`` is a `toolExecutionNotifications` entry
/// (level `warning`, `associatedRule` `unreadable-file`, or `unreadable-folder` for a folder, whose path ends in
/// `/`) whose `locations` name the file or folder, and each folder of ``LintReport/unreadableRoots`` one of level
/// `error`. `executionSuccessful` is `false` only when a folder given to lint could not be listed (exit status 1).
public struct SARIFReporter: LintReporter {
    /// The schema URI written as `$schema`.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The tool's version, written as `tool.driver.version`.
    public static let toolVersion = "0.1.0"
    /// Where `tool.driver.informationUri` points: an absolute URI of the tool's home page, or `nil`
    /// to leave the (optional) property out.
    public var informationURI: String?

    /// Creates the reporter.
    ///
    /// - Parameter informationURI: The tool's home page (an absolute URI), or `nil` to omit it.
    public init(informationURI: String? = nil) {
        self.informationURI = informationURI
    }

    /// Renders the report as a SARIF log.
    ///
    /// - Parameter report: The report.
    /// - Returns: The SARIF JSON text.
    public func render(_ report: LintReport) -> String {
        let rules: [[String: Any]] = LintRule.catalog.map { rule in
            [
                "id": rule.id, "name": rule.name,
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": "\(rule.summary) \(rule.discussion)"],
                // SARIF's helpUri must be an absolute URI; the docs page is named in the help text instead.
                "help": ["text": "See \(rule.documentationPath) in the Whereabouts repository."],
                "defaultConfiguration": ["level": Self.level(rule.defaultSeverity)],
            ]
        }
        let results: [[String: Any]] = report.allFindings.map { finding in
            var result: [String: Any] = [
                "ruleId": finding.ruleID, "level": Self.level(finding.severity),
                "message": ["text": finding.message],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": Self.artifactLocation(finding.position.file),
                            "region": [
                                "startLine": max(finding.position.line, 1),
                                "startColumn": max(finding.position.column, 1),
                            ],
                        ]
                    ]
                ],
            ]
            if let index = LintRule.catalog.firstIndex(where: { $0.id == finding.ruleID }) {
                result["ruleIndex"] = index
            }
            if let target = finding.target { result["properties"] = ["target": target] }
            return result
        }
        var driver: [String: Any] = ["name": "whereabouts-lint", "version": Self.toolVersion, "rules": rules]
        if let informationURI { driver["informationUri"] = informationURI }
        var run: [String: Any] = [
            "tool": ["driver": driver],
            "results": results,
            "columnKind": "unicodeCodePoints",
        ]
        if report.isIncomplete { run["properties"] = ["notCheckedTargets": report.notCheckedTargets] }
        run["invocations"] = [Self.invocation(report)]
        let base = report.baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var baseURI = base.standardizedFileURL.absoluteString
        if !baseURI.hasSuffix("/") { baseURI += "/" }
        run["originalUriBaseIds"] = ["%SRCROOT%": ["uri": baseURI]]
        return JSONReporter.serialize(["version": "2.1.0", "$schema": Self.schema, "runs": [run]])
    }

    /// The SARIF level for a severity: `error`, `warning` or `note`.
    static func level(_ severity: LintSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// The run's invocation: whether it succeeded, and a notification for each path that could not be read.
    private static func invocation(_ report: LintReport) -> [String: Any] {
        let unread = report.unreadPaths.map { ($0, false) } + report.unreadableRoots.map { ($0, true) }
        let notifications: [[String: Any]] = unread.map { path, isRoot in
            let isFolder = isRoot || path.hasSuffix("/")
            let rule = isFolder ? LintRule.unreadableFolder.id : LintRule.unreadableFile.id
            var associatedRule: [String: Any] = ["id": rule]
            if let index = LintRule.catalog.firstIndex(where: { $0.id == rule }) { associatedRule["index"] = index }
            let what =
                isRoot
                ? "\(path) could not be listed; nothing in it was checked"
                : "\(path) could not be read; nothing in it was judged (the finding or note at it says why)"
            return [
                "level": isRoot ? "error" : "warning",
                "message": ["text": what],
                "associatedRule": associatedRule,
                "locations": [["physicalLocation": ["artifactLocation": artifactLocation(path)]]],
            ]
        }
        var invocation: [String: Any] = ["executionSuccessful": report.unreadableRoots.isEmpty]
        if !notifications.isEmpty { invocation["toolExecutionNotifications"] = notifications }
        return invocation
    }

    private static func artifactLocation(_ path: String) -> [String: Any] {
        if path.hasPrefix("/") { return ["uri": URL(fileURLWithPath: path).absoluteString] }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return ["uri": encoded, "uriBaseId": "%SRCROOT%"]
    }
}
