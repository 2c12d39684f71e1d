import Foundation

/// Reads localized Info.plist strings: `<lang>.lproj/InfoPlist.strings` and `InfoPlist.xcstrings`.
enum LocalizationReader {
    /// Language → key → localized value, or the problem that stopped reading.
    struct Result {
        var localizations: [String: [String: DeclaredValue]] = [:]
        var problem: LintFinding?
    }

    /// Reads the localization file at `path` (relative to `root`).
    static func read(_ path: String, root: URL) -> Result {
        guard let data = try? Data(contentsOf: root.appending(path: path)) else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: path),
                    "cannot be read; check that it exists and is readable"
                )
            )
        }
        return path.hasSuffix(".xcstrings") ? readCatalog(data, file: path) : readStrings(data, file: path)
    }

    /// Reads a `.strings` file (UTF-8, or UTF-16 with a byte-order mark); the language is its `.lproj` folder's.
    static func readStrings(_ data: Data, file: String) -> Result {
        let folder = ScanPaths.lastComponent(of: ScanPaths.directory(of: file))
        let language = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : "Base"
        if isPropertyList(data) { return readPropertyList(data, file: file, language: language) }
        guard let text = decode(data) else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file),
                    "is neither UTF-8 nor UTF-16 text; save it as UTF-8 (Xcode: File inspector → Text Encoding)"
                )
            )
        }
        var parser = ASCIIPlistParser(text: text)
        do {
            let entries = try parser.parseStringsFile()
            var strings: [String: DeclaredValue] = [:]
            for key in entries.keys {
                guard let value = entries[key]?.string else { continue }
                let place = entries.position(of: key)
                let position = SourcePosition(file: file, line: place?.line ?? 0, column: place?.column ?? 0)
                strings[key] = DeclaredValue(.string(value), at: position, origin: .infoPlist)
            }
            return Result(localizations: [language: strings])
        } catch {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: error.line, column: error.column),
                    "cannot be parsed: \(error.message); each entry must read \"Key\" = \"value\";"
                )
            )
        }
    }

    /// Whether `.strings` bytes are an XML or binary property list rather than `"Key" = "value";` text.
    ///
    /// Xcode compiles all three formats; translation tools such as GlotPress export XML property lists.
    static func isPropertyList(_ data: Data) -> Bool {
        if data.starts(with: Array("bplist".utf8)) { return true }
        let head = data.prefix(256)
        let isUTF16 = head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
        guard let text = isUTF16 ? decode(head) : String(decoding: head, as: UTF8.self) as String? else { return false }
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return start.hasPrefix("<?xml") || start.hasPrefix("<!DOCTYPE plist") || start.hasPrefix("<plist")
    }

    /// Reads a `.strings` file written as an XML or binary property list: a dictionary of strings.
    private static func readPropertyList(_ data: Data, file: String, language: String) -> Result {
        let plist = InfoPlistReader.read(data: data, file: file)
        if let problem = plist.problem { return Result(problem: problem) }
        var strings: [String: DeclaredValue] = [:]
        for (key, declared) in plist.info {
            guard case .string = declared.value else { continue }
            strings[key] = declared
        }
        return Result(localizations: [language: strings])
    }

    /// Reads a string catalog: `strings.<Key>.localizations.<lang>.stringUnit.value`.
    static func readCatalog(_ data: Data, file: String) -> Result {
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let catalog = object as? [String: Any]
        else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: 1, column: 1),
                    "is not a valid string catalog (JSON); open it in Xcode to repair it"
                )
            )
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var result = Result()
        for (key, entry) in catalog["strings"] as? [String: Any] ?? [:] {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            let keyLine = lines.firstIndex { $0.contains("\"\(key)\"") }
            for (language, localization) in localizations {
                let unit = (localization as? [String: Any])?["stringUnit"] as? [String: Any]
                guard let value = unit?["value"] as? String else { continue }
                let line = line(of: "\"\(language)\"", in: lines, after: keyLine) ?? keyLine.map { $0 + 1 } ?? 0
                let column = line > 0 ? (lines[line - 1].prefix { $0 == " " || $0 == "\t" }.count + 1) : 0
                result.localizations[language, default: [:]][key] = DeclaredValue(
                    .string(value),
                    at: SourcePosition(file: file, line: line, column: column),
                    origin: .infoPlist
                )
            }
        }
        return result
    }

    /// The 1-based line of the first line after `start` (a 0-based index) holding `needle`.
    private static func line(of needle: String, in lines: [Substring], after start: Int?) -> Int? {
        guard let start else { return nil }
        var index = start + 1
        while index < lines.count {
            if lines[index].contains(needle) { return index + 1 }
            index += 1
        }
        return nil
    }

    /// Decodes UTF-8 (with or without a BOM) or UTF-16 with a BOM.
    static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(data: data.dropFirst(3), encoding: .utf8) }
        if let text = String(data: data, encoding: .utf8) { return text }
        return String(data: data, encoding: .utf16)
    }
}
