import ArgumentParser

// The exit codes of `whereabouts`, named by what they mean: the command article ("The whereabouts command",
// section "Exit codes") has them in one table, and a test runs each case it lists. The CLI uses these names
// only, never a number.
extension ExitCode {
    /// 1, `track`: the track or the Info.plist cannot be used, every record of the track was malformed, or `--svg`
    /// cannot be written.
    static let trackUnusable = ExitCode(1)
    /// 1, `consent`: the consent file cannot be written.
    static let consentUnwritable = ExitCode(1)
    /// 1, `simulate`: a step of the scenario failed.
    static let scenarioStepFailed = ExitCode(1)
    /// 1, `lint`: a path or the configuration file cannot be read.
    static let lintUnreadable = ExitCode(1)
    /// 2, `simulate`: the scenario is malformed (or its file cannot be read).
    static let scenarioMalformed = ExitCode(2)
    /// 2, `lint`: an error-level finding, or a warning with `--strict`.
    static let lintFindings = ExitCode(2)
    /// 3, `track`: a prompt is due and nobody can answer it.
    static let nobodyToAnswer = ExitCode(3)
    /// 3, `lint`: no error-level finding, but some targets could not be checked.
    static let lintIncomplete = ExitCode(3)
    /// 64 (`EX_USAGE`), every command: a wrong option or argument.
    static let usage = ExitCode.validationFailure
    /// 74 (`EX_IOERR`), every command: standard output or standard error could not be written (closed, a full
    /// disk, a reader that went away), so the output is incomplete.
    static let outputFailed = ExitCode(74)
}
