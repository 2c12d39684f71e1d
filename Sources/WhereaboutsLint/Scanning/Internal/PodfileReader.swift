import Foundation

/// Reads the local pods of a CocoaPods `Podfile` (`pod 'Name', :path => '../'`) and the `source_files` of their
/// podspecs, so that a local pod's code counts for the app targets that use it.
enum PodfileReader {
    /// A pod the Podfile takes from a folder.
    struct LocalPod: Equatable {
        /// The pod's name.
        var name: String
        /// Its folder, relative to the linted root.
        var folder: String
        /// The `target` blocks it is declared in (innermost last); empty when declared for every target.
        var targets: [String]
    }

    /// The local pods of the Podfile at `file` (relative to the root), whose text is `text`.
    static func localPods(text: String, file: String) -> [LocalPod] {
        let podfileFolder = ScanPaths.directory(of: file)
        var blocks: [String?] = []
        var pods: [LocalPod] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
            guard let first = words.first else { continue }
            if first == "target" {
                blocks.append(quoted(in: line).first)
            } else if first == "end" {
                if !blocks.isEmpty { blocks.removeLast() }
            } else if line.hasSuffix(" do") || line.contains(" do |") {
                blocks.append(nil)
            } else if first == "pod", let name = quoted(in: line).first,
                let pathRange = line.range(of: ":path") ?? line.range(of: "path:")
            {
                let rest = String(line[pathRange.upperBound...])
                guard let path = quoted(in: rest).first else { continue }
                let podName = String(name.split(separator: "/").first ?? Substring(name))
                pods.append(
                    LocalPod(
                        name: podName,
                        folder: ScanPaths.join(podfileFolder, path),
                        targets: blocks.compactMap { $0 }
                    )
                )
            }
        }
        return pods
    }

    /// The `source_files` patterns of a podspec, relative to its folder, with `{a,b}` alternatives expanded.
    static func sourcePatterns(podspec text: String) -> [String] {
        var patterns: [String] = []
        for line in text.split(separator: "\n") where line.contains("source_files") && !line.contains("exclude_files") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            for pattern in quoted(in: String(line[line.index(after: equals)...])) {
                patterns += expandBraces(pattern)
            }
        }
        return patterns
    }

    /// The single- or double-quoted strings of a line of Ruby, in order.
    static func quoted(in line: String) -> [String] {
        var strings: [String] = []
        var current: String?
        var quote: Character = "'"
        for character in line {
            if var text = current {
                if character == quote {
                    strings.append(text)
                    current = nil
                } else {
                    text.append(character)
                    current = text
                }
            } else if character == "'" || character == "\"" {
                quote = character
                current = ""
            }
        }
        return strings
    }

    /// `a/*.{h,m}` → `a/*.h`, `a/*.m` (one level of braces, repeated).
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"),
            let close = pattern[open...].firstIndex(of: "}")
        else { return [pattern] }
        let head = pattern[..<open]
        let tail = pattern[pattern.index(after: close)...]
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { expandBraces(String(head) + $0 + tail) }
    }
}
