import Foundation
import Whereabouts

/// Reads Info.plist files (XML, binary or old-style) into declared values with the positions of their keys.
enum InfoPlistReader {
    /// What reading one plist gave: its keys, or the problem that stopped it.
    struct Result {
        var info: [String: DeclaredValue] = [:]
        var problem: LintFinding?
    }

    /// Reads the plist at `path` (relative to `root`).
    static func read(_ path: String, root: URL) -> Result {
        let url = root.appending(path: path)
        guard let data = try? Data(contentsOf: url) else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: path),
                    "cannot be read; check that the file exists and is readable, or fix INFOPLIST_FILE"
                )
            )
        }
        return read(data: data, file: path)
    }

    /// Reads plist bytes; `file` names the file in positions and problems.
    static func read(data: Data, file: String) -> Result {
        guard !BinaryPropertyList.containsSet(data) else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file),
                    "is a binary property list holding a set, which no Info.plist has; convert it with "
                        + "`plutil -convert xml1` and check it in Xcode"
                )
            )
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason = ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "\(error)"
            let text = String(decoding: data, as: UTF8.self)
            var line = Self.line(in: reason) ?? 0
            if line == 0, reason.contains("EOF") { line = max(text.split(separator: "\n").count, 1) }
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: line, column: line > 0 ? 1 : 0),
                    "is not a valid property list (\(reason)); check it with `plutil -lint` or open it in Xcode"
                )
            )
        }
        guard let dictionary = object as? [String: Any] else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: data.first == UInt8(ascii: "b") ? 0 : 1),
                    "the top level of an Info.plist must be a dictionary (<dict>); wrap the keys in <dict>…</dict>"
                )
            )
        }
        let isXML =
            data.starts(with: Array("<".utf8)) || data.starts(with: [0xEF, 0xBB, 0xBF])
            || String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .hasPrefix("<")
        let positions = isXML ? keyPositions(xml: String(decoding: data, as: UTF8.self)) : [:]
        var info: [String: DeclaredValue] = [:]
        for (key, value) in dictionary {
            let place = positions[key]
            let position = SourcePosition(file: file, line: place?.line ?? 0, column: place?.column ?? 0)
            info[key] = DeclaredValue(declaredValue(from: value), at: position, origin: .infoPlist)
        }
        return Result(info: info)
    }

    /// Converts a property-list value to the linter's value.
    static func declaredValue(from value: Any) -> DeclaredValue.Value {
        if isSerializedBoolean(value), let flag = value as? Bool { return .bool(flag) }
        if let text = value as? String { return .string(text) }
        if let list = value as? [Any] {
            if let strings = list as? [String] { return .array(strings) }
            return .other("an array of non-string values")
        }
        if let dictionary = value as? [String: Any] {
            if let strings = dictionary as? [String: String] { return .dictionary(strings) }
            return .other("a dictionary with non-string values")
        }
        switch value {
        case is Data: return .other("data")
        case is Date: return .other("a date")
        case is Int, is Double: return .other("a number")
        default: return .other("a \(type(of: value))")
        }
    }

    /// The 1-based line and column of each top-level `<key>` of an XML plist.
    static func keyPositions(xml text: String) -> [String: (line: Int, column: Int)] {
        var positions: [String: (line: Int, column: Int)] = [:]
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var depth = 0
        func starts(with token: String, at offset: Int) -> Bool {
            let tokenBytes = Array(token.utf8)
            guard offset + tokenBytes.count <= bytes.count else { return false }
            return Array(bytes[offset..<offset + tokenBytes.count]) == tokenBytes
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "<") {
                if starts(with: "<!--", at: index) {
                    while index < bytes.count, !starts(with: "-->", at: index) {
                        if bytes[index] == UInt8(ascii: "\n") {
                            line += 1
                            lineStart = index + 1
                        }
                        index += 1
                    }
                    continue
                } else if starts(with: "<dict>", at: index) {
                    depth += 1
                } else if starts(with: "</dict>", at: index) {
                    depth -= 1
                } else if depth == 1, starts(with: "<key>", at: index) {
                    let start = index + 5
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                    let key = unescape(String(decoding: bytes[start..<end], as: UTF8.self))
                    if positions[key] == nil { positions[key] = (line, index - lineStart + 1) }
                }
            }
            index += 1
        }
        return positions
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The number after "line " in a parser's message.
    private static func line(in message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
