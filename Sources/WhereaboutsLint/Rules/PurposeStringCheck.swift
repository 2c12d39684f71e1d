internal import Foundation

/// Judges a purpose string: empty, placeholder, a key name, too short, no reason given, or the wrong language.
///
/// The checks are deliberately simple:
/// - empty or whitespace only;
/// - a placeholder: contains TODO, FIXME, TBD, Dummy, Lorem, placeholder, AppName or `xxx`;
/// - a generic phrase such as "Location access required" or "This app needs your location";
/// - a key name instead of a sentence (`NSLocation…`, `…UsageDescription`);
/// - for Latin-script text in an English (or unknown) development region: shorter than 20 characters, or without
///   a word that introduces a reason ("to", "for", "so", "because", "when", "while", "lets", "helps", "show",
///   "find", "track", "see", "need", "record", "directions", …);
/// - the wrong script for the development region (Latin in `ja`, Cyrillic in `en`, …) with no translation for it.
struct PurposeStringCheck: Sendable {
    let developmentRegion: String?

    static let placeholders = ["todo", "fixme", "tbd", "dummy", "lorem", "placeholder", "appname", "app_name", "xxx"]
    /// Common English words: Latin-script text with none of them is judged as another language.
    static let englishWords: Set<String> = [
        "the", "your", "you", "we", "to", "and", "of", "for", "this", "our", "with", "when", "while", "app",
        "location", "nearby", "near", "use", "uses", "show", "shows", "find", "finds", "can", "from", "where",
        "map", "needs", "need", "access", "required", "allow", "it", "is", "are", "be", "by", "helps", "lets",
    ]
    static let genericPhrases: Set<String> = [
        "location access required", "this app needs your location", "this app needs access to your location",
        "this app requires your location", "this app uses your location", "we need your location",
        "we need your location", "location", "your location", "location required", "location needed",
        "needs location", "allow location access", "location permission", "location usage description",
        "this app needs location access", "app needs location",
    ]
    static let reasonWords: Set<String> = [
        "to", "for", "so", "because", "when", "while", "lets", "helps", "help", "show", "shows", "find", "finds",
        "track", "tracks", "see", "near", "nearby", "need", "needs", "record", "records", "directions", "route",
    ]

    /// What is wrong with the text, phrased to follow the key's name, or `nil` when it reads as a reason.
    func problem(with text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "is empty" }
        let lowered = trimmed.lowercased()
        let words = Set(lowered.split { !$0.isLetter && $0 != "_" }.map(String.init))
        // Whole words only: Spanish "todos" is not "todo".
        if let token = Self.placeholders.first(where: { words.contains($0) || ($0 == "xxx" && lowered.contains($0)) }) {
            return "is a placeholder (it contains \"\(token)\")"
        }
        let normalized = lowered.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        if Self.genericPhrases.contains(normalized) {
            return "(\"\(trimmed)\") says nothing about why the app needs location"
        }
        if !trimmed.contains(" "), trimmed.hasPrefix("NS") || trimmed.hasSuffix("Description") {
            return "is a key name (\"\(trimmed)\"), not a sentence"
        }
        // The English heuristics judge English text only; another language is languageMismatch's business.
        guard ScriptDetector.dominantScript(of: trimmed) == .latin, isEnglishRegion,
            !words.isDisjoint(with: Self.englishWords)
        else { return nil }
        if trimmed.count < 20 {
            return "(\"\(trimmed)\") is too short to say why the app needs location (\(trimmed.count) characters)"
        }
        if words.isDisjoint(with: Self.reasonWords) {
            return "(\"\(trimmed)\") does not say why the app needs location (no \"to\", \"for\", \"so\", "
                + "\"because\"…)"
        }
        return nil
    }

    /// The script found and the development region, when the text is not in the region's script and no
    /// localization for the region translates the key.
    func languageMismatch(
        in text: String,
        localized: [String: [String: DeclaredValue]],
        key: String
    ) -> (found: String, region: String)? {
        guard let region = ScriptDetector.languageCode(developmentRegion),
            let found = ScriptDetector.dominantScript(of: text)
        else { return nil }
        let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
        let notEnglish = region == "en" && found == .latin && words.isDisjoint(with: Self.englishWords)
        guard notEnglish || !ScriptDetector.expectedScripts(forLanguage: region).contains(found) else { return nil }
        let translated = localized.contains { language, strings in
            ScriptDetector.languageCode(language) == region && strings[key] != nil
        }
        return translated ? nil : (notEnglish ? "a language other than English" : found.name, region)
    }

    private var isEnglishRegion: Bool {
        guard let code = ScriptDetector.languageCode(developmentRegion) else { return true }
        return code == "en"
    }
}
