/// Why `swift package whereabouts-lint` failed, in one line that says what to do.
enum LintPluginError: Error, CustomStringConvertible {
    /// An option the linter does not have.
    case unknownOption(String)
    /// `--format` or `--config` as the last argument.
    case missingValue(String)
    /// `--format` or `--config` given twice.
    case repeatedOption(String)
    /// The file for the linter's messages could not be made in the plugin's work directory (its path, the reason).
    case cannotWrite(String, String)
    /// The `whereabouts` executable could not be started (its path, the reason).
    case cannotStart(String, String)
    /// The linter was ended by a signal (its number).
    case killed(Int32)
    /// The linter exited with a status other than 0 (the status, and its summary line when it found problems).
    case lintFailed(Int32, summary: String?)

    static let usage =
        "swift package whereabouts-lint [PATH …] [--format xcode|json|sarif] [--strict] [--config FILE] "
        + "[--include-vendored]"

    var description: String {
        switch self {
        case .unknownOption(let option):
            "whereabouts-lint has no option \(option); use \(Self.usage) (options of `swift package` itself, "
                + "such as --disable-sandbox, go before the verb)"
        case .missingValue(let option):
            "\(option) needs a value; use \(Self.usage)"
        case .repeatedOption(let option):
            "\(option) was given more than once; give it once: \(Self.usage)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path) (\(reason)); make the package's .build folder writable and run the plugin again"
        case .cannotStart(let path, let reason):
            "cannot start the linter at \(path) (\(reason)); run `swift package clean`, then the plugin again (it "
                + "builds the linter first)"
        case .killed(let signal):
            "the linter was ended by signal \(signal) before it finished; run it again"
        case .lintFailed(2, let summary):
            "whereabouts-lint: \(summary ?? "the lint failed") (exit status 2); fix the findings listed above "
                + "(errors, and warnings with --strict): each rule's page in Documentation/LintRules/ says how, and "
                + ".whereabouts-lint.yml can disable or downgrade a rule"
        case .lintFailed(1, _):
            "whereabouts-lint could not read a path or its configuration (exit status 1); give the folder of an app "
                + "project (where its .xcodeproj, project.yml or Info.plist is) and fix the error above"
        case .lintFailed(64, _):
            "the linter rejected the options (exit status 64); use \(Self.usage)"
        case .lintFailed(let status, _):
            "the linter exited with status \(status); see its output above"
        }
    }
}
