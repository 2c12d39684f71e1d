/// Helpers for the relative, `/`-separated paths the scanner works with.
enum ScanPaths {
    /// Joins path parts, drops empty and `.` components, and resolves `..`.
    static func join(_ parts: String...) -> String {
        normalize(parts.filter { !$0.isEmpty }.joined(separator: "/"))
    }

    /// Drops empty and `.` components and resolves `..` (a `..` above the start is kept).
    static func normalize(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The folder holding `path` (`""` for a file at the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `path` is `folder` or lies under it (every path lies under the root, `""`).
    static func isInside(_ path: String, folder: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether `path` is a Swift or Objective-C source file.
    static func isSourceFile(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// Whether an exclusion pattern matches `path` or one of its parent folders.
    ///
    /// Patterns are relative to the root: a plain prefix (`"Legacy/"`, `"App/Old.swift"`), or a glob where
    /// `*` and `?` match inside one component and `**` matches any number of components (`"**/Generated/*"`).
    static func matches(pattern: String, path: String) -> Bool {
        let patternParts = pattern.split(separator: "/").map(String.init).filter { $0 != "." }
        let pathParts = path.split(separator: "/").map(String.init)
        guard !patternParts.isEmpty else { return false }
        // The pattern matches the path or an ancestor: try every prefix of the path.
        for count in 1...max(pathParts.count, 1) where count <= pathParts.count {
            if matchComponents(patternParts[...], Array(pathParts[..<count])[...]) { return true }
        }
        return false
    }

    private static func matchComponents(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if matchComponents(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.utf8)[...], Array(component.utf8)[...]) else {
            return false
        }
        return matchComponents(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            var remaining = text
            while true {
                if matchComponent(pattern.dropFirst(), remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case UInt8(ascii: "?"):
            return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == first && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}
