import IssueReporting

#if canImport(Testing)
import Testing
#endif

/// How a misused double fails the running test.
///
/// Through IssueReporting first: in a Swift Testing test's task it records an issue on that test (where
/// `withKnownIssue` sees it), elsewhere it calls XCTest's `XCTFail`, which fails the XCTest test that is running.
/// This package links IssueReporting's test support, so neither needs more from the test target. A double misused
/// from a task that is not a Swift Testing test's (a detached task, another thread) while Swift Testing runs would
/// reach XCTest only, which drops it with no XCTest test running, and the test run would pass; so there the failure
/// is also recorded with Swift Testing, which fails the run with it (an XCTest run ignores it).
enum TestFailure {
    /// Fails the running test with a message, at a place in the test's code.
    ///
    /// - Parameters:
    ///   - message: What went wrong and what to do.
    ///   - fileID: The file to report at.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report at.
    ///   - column: The column to report at.
    static func report(
        _ message: String,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        #if canImport(Testing)
        guard isTesting, Test.current == nil else { return }
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)",
                filePath: "\(filePath)",
                line: Int(line),
                column: Int(column)
            )
        )
        #endif
    }
}
