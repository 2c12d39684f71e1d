package import Foundation

/// The linter's readers of project files, opened to the package's fuzz targets and tests.
///
/// Each entry reads bytes exactly as the scanner does when it meets the file on disk, and sums up
/// what it found, so a fuzz target can check that malformed input ends in a finding, never a trap.
///
/// ```swift
/// let plist = #"<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>"#
/// let summary = ProjectFileParsing.readInfoPlist(Data(plist.utf8))
/// #expect(summary.keys == ["CFBundleName"] && summary.problem == nil)
/// ```
package enum ProjectFileParsing {
    /// What reading one file gave.
    package struct Summary: Sendable {
        /// The keys (of a plist) or target names (of a project) read, sorted.
        package var keys: [String]
        /// The message of the finding that stopped the reading, if any.
        package var problem: String?
    }

    /// Reads an Info.plist (XML, binary or OpenStep) as the scanner does.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: Its top-level keys, or the problem found.
    package static func readInfoPlist(_ data: Data) -> Summary {
        let result = InfoPlistReader.read(data: data, file: "Info.plist")
        return Summary(keys: result.info.keys.sorted(), problem: result.problem?.message)
    }

    /// Reads a `project.pbxproj` as the scanner does: decoded as text, then parsed.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: The names of its targets, or the problem found; `nil` when the bytes are not text.
    package static func readProject(_ data: Data) -> Summary? {
        guard let text = LocalizationReader.decode(data) else { return nil }
        let result = PBXProjectReader.read(text: text, file: "App.xcodeproj/project.pbxproj")
        return Summary(keys: result.targets.map(\.name).sorted(), problem: result.problem?.message)
    }
}
