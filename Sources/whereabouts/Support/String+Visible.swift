extension String {
    /// The text with its control characters made visible, so that nothing read from a file, a flag or gpsd can
    /// move the cursor, recolour or clear a terminal: C0 controls other than the line feed and the tab, DEL, C1
    /// controls (U+0080–U+009F, among them the one-character CSI) and the bidirectional overrides and isolates
    /// (U+202A–U+202E, U+2066–U+2069) are written as `\u{1B}`.
    var visibleControlCharacters: String {
        guard unicodeScalars.contains(where: Self.mustBeShown) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if Self.mustBeShown(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func mustBeShown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
