/// Tells which writing system a string is mostly in, and which ones a language uses.
enum ScriptDetector {
    enum Script: String, Sendable {
        case latin, han, kana, hangul, cyrillic, arabic, hebrew, greek, thai, devanagari

        /// Whether text in the script separates its words with spaces (not Chinese, Japanese or Thai).
        var separatesWords: Bool {
            switch self {
            case .han, .kana, .thai: false
            default: true
            }
        }

        var name: String {
            switch self {
            case .han: "Chinese characters"
            case .kana: "Japanese kana"
            default: "\(rawValue.prefix(1).uppercased())\(rawValue.dropFirst()) script"
            }
        }
    }

    /// The script most of the letters are in, or `nil` when the text has no letters.
    static func dominantScript(of text: String) -> Script? {
        var counts: [Script: Int] = [:]
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            if let script = script(of: scalar.value) { counts[script, default: 0] += 1 }
        }
        return counts.max { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }?.key
    }

    /// The scripts text in a language is written in (`ja` → Han and kana, `sr` → Cyrillic and Latin), or `nil`
    /// for a language not listed here: a language the linter does not know is not judged by its script.
    static func expectedScripts(forLanguage code: String) -> Set<Script>? {
        switch code {
        case "ja": [.han, .kana]
        case "zh", "yue": [.han]
        case "ko": [.hangul, .han]
        case "ru", "uk", "be", "bg", "mk", "kk", "mn": [.cyrillic]
        case "sr": [.cyrillic, .latin]
        case "ar", "fa", "ur": [.arabic]
        case "he", "yi": [.hebrew]
        case "el": [.greek]
        case "th": [.thai]
        case "hi", "mr", "ne": [.devanagari]
        case _ where latinLanguages.contains(code): [.latin]
        default: nil
        }
    }

    /// Languages written in Latin script: the ones apps are most often developed or translated in.
    static let latinLanguages: Set<String> = [
        "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "is", "pl", "cs", "sk", "sl",
        "hr", "bs", "hu", "ro", "tr", "az", "uz", "id", "ms", "vi", "tl", "fil", "ca", "eu", "gl", "et", "lv", "lt",
        "ga", "cy", "sq", "mt", "sw", "af", "eo", "la",
    ]

    /// A language code from a development region or `.lproj` name: `"ja-JP"` → `"ja"`, `"English"` → `"en"`;
    /// `nil` for build variables such as `$(DEVELOPMENT_LANGUAGE)`, for `Base` and for nothing.
    static func languageCode(_ region: String?) -> String? {
        guard let region, !region.isEmpty, !region.hasPrefix("$"), region != "Base" else { return nil }
        let names = [
            "english": "en", "japanese": "ja", "german": "de", "french": "fr", "spanish": "es", "italian": "it",
            "dutch": "nl", "chinese": "zh", "korean": "ko", "russian": "ru",
        ]
        let lowered = region.lowercased()
        if let code = names[lowered] { return code }
        return String(lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }

    private static func script(of value: UInt32) -> Script? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: .latin
        case 0x370...0x3FF: .greek
        case 0x400...0x52F: .cyrillic
        case 0x590...0x5FF: .hebrew
        case 0x600...0x6FF, 0x750...0x77F: .arabic
        case 0x900...0x97F: .devanagari
        case 0xE00...0xE7F: .thai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: .hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: .han
        default: nil
        }
    }
}
