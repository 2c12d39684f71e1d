internal import Foundation

/// The dependencies a project takes from outside the linted folder, whose code the linter cannot read.
///
/// Read from the manifests that name them, without resolving anything: CocoaPods pods in a `Podfile` (not those
/// with `:path =>`, whose code is in the folder), Carthage entries in a `Cartfile`, Swift packages by URL
/// (`XCRemoteSwiftPackageReference` and package product names in a `project.pbxproj`, pins in a
/// `Package.resolved`, `.package(url:)` in a `Package.swift` or Tuist manifest, `url:` under an XcodeGen
/// `packages:`). The folder is searched a few levels deep only, and a manifest of a few hundred lines is read
/// once, so this costs little next to parsing the sources.
///
/// The names are the project's, not a target's: which target links which pod or package is not followed.
enum UncheckedDependencies {
    /// How many folders deep manifests are looked for.
    static let depth = 3

    /// Folders never searched: checkouts, build output and the vendored copies of the dependencies themselves.
    static let skippedFolders: Set<String> = [
        ".git", "Pods", "Carthage", ".build", "build", "DerivedData", "SourcePackages", "node_modules", ".swiftpm",
    ]

    /// Word stems that, in a dependency's name (its owner, repository, pod or product name), suggest that it may
    /// ask for location or use it in the background: a location or maps SDK.
    ///
    /// A name is only a hint, and a list of stems is not a list of SDKs: a location SDK named otherwise (a payment
    /// terminal SDK that asks for location) is not recognized, and a maps library that never asks is.
    static let locationStems = [
        "location", "geo", "gps", "gnss", "mapbox", "maplibre", "mapkit", "googlemaps", "track",
        "locomotion", "loco",
    ]

    /// The names of the dependencies from outside `root`, sorted and without duplicates.
    ///
    /// - Parameter root: The linted folder.
    /// - Returns: Each dependency's name as its manifest gives it (a pod, a product, a repository's last path
    ///   component without `.git`).
    static func names(in root: URL) -> [String] {
        var names: Set<String> = []
        for file in manifests(in: root) {
            guard let data = try? Data(contentsOf: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            switch file.lastPathComponent {
            case "Podfile": names.formUnion(pods(inPodfile: text))
            case "Cartfile", "Cartfile.private": names.formUnion(cartfileEntries(text))
            case "project.pbxproj": names.formUnion(packages(inProject: text))
            case "Package.resolved":
                let urls = values(after: "\"location\"", in: text) + values(after: "\"repositoryURL\"", in: text)
                names.formUnion(urls.map(repositoryName))
            case "project.yml", "project.yaml": names.formUnion(packages(inXcodeGen: text))
            default: names.formUnion(values(after: ".package(url:", in: text).map(repositoryName))
            }
        }
        names.remove("")
        return names.sorted()
    }

    /// Whether a dependency's name suggests a location or maps SDK (see ``locationStems``).
    ///
    /// - Parameter name: A dependency's name.
    /// - Returns: Whether one of its words starts with a stem, or `map`/`maps` is one of its words.
    static func suggestsLocation(_ name: String) -> Bool {
        let words = Self.words(of: name)
        if words.contains("map") || words.contains("maps") { return true }
        let joined = words.joined()
        return locationStems.contains { stem in
            words.contains { $0.hasPrefix(stem) } || (stem.count >= 5 && joined.contains(stem))
        }
    }

    /// Lower-cased words: split at anything not a letter or digit and where a lower-case letter meets an upper-case
    /// one (`HyperTrack` → `hyper`, `track`).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func manifests(in root: URL) -> [URL] {
        let wanted: Set<String> = [
            "Podfile", "Cartfile", "Cartfile.private", "Package.swift", "Package.resolved", "project.yml",
            "project.yaml", "Project.swift", "Dependencies.swift",
        ]
        var found: [URL] = []
        var pending: [(URL, Int)] = [(root, 0)]
        let manager = FileManager.default
        while let (folder, level) = pending.popLast() {
            guard let entries = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in entries.sorted() {
                let url = folder.appendingPathComponent(name)
                if wanted.contains(name) {
                    found.append(url)
                } else if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    for inner in [
                        "project.pbxproj", "project.xcworkspace/xcshareddata/swiftpm/Package.resolved",
                        "xcshareddata/swiftpm/Package.resolved",
                    ] where manager.fileExists(atPath: url.appendingPathComponent(inner).path) {
                        found.append(url.appendingPathComponent(inner))
                    }
                } else if level < depth, !skippedFolders.contains(name), !name.hasPrefix("."),
                    (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
                {
                    pending.append((url, level + 1))
                }
            }
        }
        return found
    }

    /// `pod 'Name'` lines, without `:path =>` ones (the pod's code is in the folder) and subspecs (`Name/Sub`).
    static func pods(inPodfile text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("pod "), !trimmed.contains(":path"), !trimmed.contains("path:") else { return nil }
            return firstQuoted(in: trimmed).map { String($0.split(separator: "/").first ?? Substring($0)) }
        }
    }

    /// `github "owner/Name"`, `git "url"` and `binary "url"` lines.
    static func cartfileEntries(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard ["github ", "git ", "binary "].contains(where: { trimmed.hasPrefix($0) }) else { return nil }
            return firstQuoted(in: trimmed).map(repositoryName)
        }
    }

    /// Remote package repositories and the package products targets link, from a `project.pbxproj`.
    static func packages(inProject text: String) -> [String] {
        var names = values(after: "repositoryURL = ", in: text).map(repositoryName)
        if let start = text.range(of: "/* Begin XCSwiftPackageProductDependency section */"),
            let end = text.range(
                of: "/* End XCSwiftPackageProductDependency section */",
                range: start.upperBound..<text.endIndex
            )
        {
            names += values(after: "productName = ", in: String(text[start.upperBound..<end.lowerBound]))
        }
        // Products of local packages (`XCLocalSwiftPackageReference`) are in the folder and are read as code.
        return text.contains("XCRemoteSwiftPackageReference") ? names : []
    }

    /// `url:` entries of an XcodeGen spec (its `packages:`; a local package has `path:` instead).
    static func packages(inXcodeGen text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("url:") else { return nil }
            return repositoryName(String(trimmed.dropFirst(4)))
        }
    }

    /// The text after each `marker`, up to the end of its value: a quoted string, or a bare word up to `;`.
    static func values(after marker: String, in text: String) -> [String] {
        var values: [String] = []
        var searchFrom = text.startIndex
        while let found = text.range(of: marker, range: searchFrom..<text.endIndex) {
            searchFrom = found.upperBound
            let rest = text[found.upperBound...].drop { $0 == " " || $0 == ":" }
            if let quoted = firstQuoted(in: rest.prefix(400)), rest.first == "\"" || rest.first == "'" {
                values.append(quoted)
            } else {
                let word = rest.prefix { !$0.isNewline && $0 != ";" && $0 != "," && $0 != ")" }
                values.append(word.trimmingCharacters(in: .whitespaces))
            }
        }
        return values
    }

    /// `https://github.com/owner/Name.git` → `owner/Name`, so that both the owner and the name are judged.
    static func repositoryName(_ reference: String) -> String {
        var trimmed = reference.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
        if trimmed.hasSuffix(".git") { trimmed.removeLast(4) }
        if trimmed.hasSuffix("/") { trimmed.removeLast() }
        let parts = trimmed.split(separator: "/")
        return parts.suffix(2).joined(separator: "/")
    }

    private static func firstQuoted(in text: Substring) -> String? {
        guard let open = text.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = text[open]
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }
}
