import Foundation

#if canImport(Testing)
import Testing
#endif

/// Records a test failure in the running Swift Testing test, or prints it to standard error
/// when no test is running (a test double used from a program).
///
/// - Parameters:
///   - message: What went wrong.
///   - fileID: Where the failing double was made or called.
///   - filePath: The full path of that file.
///   - line: The line.
///   - column: The column.
func reportIssue(
    _ message: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return
    }
    #endif
    FileHandle.standardError.write(Data("whereabouts: test double: \(message) (\(fileID):\(line))\n".utf8))
}
