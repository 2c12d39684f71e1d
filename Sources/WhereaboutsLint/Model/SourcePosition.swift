/// A place in a file: the path relative to the linted folder, and a 1-based line and column.
public struct SourcePosition: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The file's path, relative to the folder being linted.
    public var file: String
    /// The 1-based line; 0 when the finding concerns the whole file.
    public var line: Int
    /// The 1-based column; 0 when unknown.
    public var column: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - file: The path relative to the linted folder.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based column, or 0.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `"App/Info.plist:12:5"`, as compilers print positions (line and column only when known).
    public var description: String {
        line > 0 ? "\(file):\(line):\(max(column, 1))" : file
    }
}
