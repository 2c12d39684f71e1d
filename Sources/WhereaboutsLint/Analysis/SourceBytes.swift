/// Byte scans that decide, without parsing, whether a file can matter to the analyzer.
enum SourceBytes {
    /// Names at least one of which every detected use spells out in full.
    static let locationNeedles: [[UInt8]] = [
        "requestWhenInUseAuthorization", "requestAlwaysAuthorization", "requestTemporaryFullAccuracyAuthorization",
        "startMonitoring", "allowsBackgroundLocationUpdates", "AllowsBackgroundLocationUpdates",
        "kCLLocationAccuracyBest", "CLMonitor", "CLLocationUpdate", "CLServiceSession", "CLBackgroundActivitySession",
    ].map { Array($0.utf8) }

    /// Whether the text names any location API the analyzer detects (in code, a comment or a string alike).
    static func mentionsLocationAPI(_ source: String) -> Bool {
        !offsets(of: locationNeedles, in: source, firstOnly: true).isEmpty
    }

    /// The UTF-8 offsets, in increasing order, where the text names a location API the analyzer detects.
    static func locationAPIOffsets(_ source: String) -> [Int] {
        offsets(of: locationNeedles, in: source, firstOnly: false)
    }

    /// Whether the text names `CLLocationManager`, so that it may declare a property of that type other files call.
    static func mentionsLocationType(_ source: String) -> Bool {
        !offsets(of: [Array("CLLocationManager".utf8)], in: source, firstOnly: true).isEmpty
    }

    /// Whether the text can declare a string constant: it has a string literal, or an enum (whose `String` cases
    /// have implicit raw values).
    static func mayDeclareConstants(_ source: String) -> Bool {
        source.utf8.contains(UInt8(ascii: "\""))
            || !offsets(of: [Array("enum".utf8)], in: source, firstOnly: true).isEmpty
    }

    /// The line and column (1-based, columns in UTF-8 bytes) where the text first names `WKWebView`, if it does.
    ///
    /// A byte search, like the others here: a web view's pages may ask for location through the web geolocation
    /// API, which the linter treats as a possible when-in-use use.
    static func webViewPosition(_ source: String) -> (line: Int, column: Int)? {
        guard let offset = offsets(of: [Array("WKWebView".utf8)], in: source, firstOnly: true).first else { return nil }
        return position(ofOffset: offset, in: source)
    }

    /// The line and column (1-based, columns in UTF-8 bytes) of a UTF-8 offset, lines counted at `\n`.
    static func position(ofOffset offset: Int, in source: String) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in source.utf8.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Everything the other searches here find, in one pass over the bytes.
    ///
    /// - Parameter source: The file's text.
    /// - Returns: What ``locationAPIOffsets(_:)``, ``mayDeclareConstants(_:)``, ``mentionsLocationType(_:)`` and
    ///   ``webViewPosition(_:)`` (as an offset) would.
    static func scan(_ source: String) -> SourceScan {
        var source = source
        return source.withUTF8 { SourceScan(bytes: $0) }
    }

    private static func offsets(of needles: [[UInt8]], in source: String, firstOnly: Bool) -> [Int] {
        var source = source
        return source.withUTF8 { bytes in
            var found: [Int] = []
            guard let minimum = needles.map(\.count).min(), bytes.count >= minimum else { return found }
            var firstBytes = [Bool](repeating: false, count: 256)
            for needle in needles { firstBytes[Int(needle[0])] = true }
            for index in 0...(bytes.count - minimum) where firstBytes[Int(bytes[index])] {
                for needle in needles where needle[0] == bytes[index] && index + needle.count <= bytes.count {
                    guard needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) else { continue }
                    found.append(index)
                    if firstOnly { return found }
                    break
                }
            }
            return found
        }
    }
}
