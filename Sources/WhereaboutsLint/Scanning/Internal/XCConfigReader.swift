internal import Foundation

/// Reads build settings from `.xcconfig` files, following `#include` and `#include?`.
///
/// Only what the linter needs: plain `KEY = value` lines (the last one wins, as in Xcode), with `//` comments
/// dropped; a conditional setting (`KEY[sdk=iphoneos*] = …`) counts only when the plain key is not set; values
/// that refer to other settings (`$(inherited)`, `$(RECOMMENDED_…)`) are left out, since they name no version.
struct XCConfigReader {
    /// Reads a file's text by its path relative to the linted folder; `nil` when it cannot be read.
    let readText: (String) -> String?

    /// The value of `key` in an `.xcconfig` file or the files it includes, or `nil` when none sets it.
    ///
    /// - Parameters:
    ///   - key: A build setting, e.g. `IPHONEOS_DEPLOYMENT_TARGET`.
    ///   - file: The `.xcconfig` path relative to the linted folder.
    /// - Returns: The value, trimmed.
    func value(of key: String, in file: String) -> String? {
        var visited: Set<String> = []
        var plain: String?
        var conditional: String?
        collect(key, in: file, visited: &visited, plain: &plain, conditional: &conditional)
        return plain ?? conditional
    }

    private func collect(
        _ key: String,
        in file: String,
        visited: inout Set<String>,
        plain: inout String?,
        conditional: inout String?
    ) {
        // An include cycle, or a very deep chain, stops here.
        guard visited.count < 32, visited.insert(file).inserted, let text = readText(file) else { return }
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close
                else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                let path = included.hasPrefix("/") ? included : ScanPaths.join(ScanPaths.directory(of: file), included)
                collect(key, in: ScanPaths.normalize(path), visited: &visited, plain: &plain, conditional: &conditional)
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, !value.contains("$") else { continue }
            if name == key {
                plain = value
            } else if name.hasPrefix(key + "[") {
                conditional = value
            }
        }
    }
}
