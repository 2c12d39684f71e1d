internal import Foundation

/// Judges a purpose string as App Review does: does it say what the app does with location, and why?
///
/// A string passes when, besides asking, it names something the app does: "Shows nearby stations on the map",
/// "to record your rides", "Partage ta position dans le chat". It fails when it is:
/// - empty or whitespace only;
/// - a placeholder: contains TODO, FIXME, TBD, Dummy, Lorem, placeholder, AppName or `xxx`;
/// - a key name instead of a sentence (`NSLocation…`, `…UsageDescription`);
/// - in a script written with spaces (Latin, Cyrillic, Greek, …), fewer than three words ("Location required",
///   "Standort benötigt");
/// - made only of the app's name and words that ask without saying what for: the app, location, need, require, access, use, allow,
///   always, background, to function, to work properly, for the best experience… ("This app requires your location
///   to function.", "I need locations in background mode always"). Those words are listed for English and the
///   languages most apps are translated into (German, French, Spanish, Italian, Portuguese, Dutch, Turkish); a word
///   outside the list counts as saying something, so text in another language is never failed for its language.
///
/// Text in a script written without spaces (Chinese, Japanese, Thai) is judged only for being empty, a placeholder
/// or a key name. Text that is only a build variable (`$(LOCATION_PURPOSE)`) is not judged: its value is unknown.
///
/// Which language a string is in is decided by its script, never by its words: see
/// ``languageMismatch(in:localized:key:)``.
struct PurposeStringCheck: Sendable {
    let developmentRegion: String?
    /// The app's names (target, `CFBundleName`, `CFBundleDisplayName`): "Streetpass requires your location to
    /// function." names the app, not a purpose.
    var appNames: [String] = []

    static let placeholders = ["todo", "fixme", "tbd", "dummy", "lorem", "placeholder", "appname", "app_name", "xxx"]

    /// Words that ask for location, or pad the request, without saying what the app does with it.
    static let askingWords: Set<String> = [
        // English
        "a", "an", "the", "this", "that", "these", "it", "its", "it's", "is", "are", "be", "been", "being", "was",
        "will", "would", "can", "could", "may", "might", "must", "should", "shall", "do", "does", "has", "have",
        "i", "me", "my", "we", "us", "our", "you", "your", "they", "their", "app", "app's", "apps", "application",
        "location", "locations", "position", "geolocation", "gps", "current", "device", "phone", "user", "users",
        "need", "needs", "needed", "require", "requires", "required", "requiring", "want", "wants", "access",
        "accessing", "use", "uses", "used", "using", "usage", "allow", "allows", "allowed", "allowing", "permission",
        "permissions", "grant", "enable", "enabled", "please", "let", "lets", "to", "for", "in", "on", "of", "at",
        "by", "with", "from", "so", "because", "order", "as", "and", "or", "also", "only", "when", "while",
        "always", "background", "foreground", "mode", "service", "services", "time", "times", "all", "function",
        "functions", "functionality", "work", "works", "working", "properly", "correctly", "fully", "best",
        "better", "experience", "feature", "features", "purpose", "purposes", "reason", "reasons", "some",
        "certain", "things", "stuff", "many", "great", "wonderful", "ways", "various", "different", "lots",
        "awesome", "amazing", "cool", "nice", "data", "information", "info", "not", "no", "yes", "proper",
        "functioning", "operate", "operation", "example", "examples", "demo", "sample", "samples",
        // German
        "der", "die", "das", "den", "dem", "ein", "eine", "diese", "dieser", "ist", "wird", "werden", "sein",
        "ich", "wir", "du", "sie", "dein", "deine", "ihr", "ihre", "standort", "standorts", "ortung",
        "zugriff", "auf", "benötigt", "braucht", "brauchen", "erforderlich", "verwendet", "nutzt", "um", "zu",
        "für", "und", "oder", "immer", "hintergrund", "funktionieren", "bitte", "erlauben", "berechtigung",
        // French
        "le", "la", "les", "un", "une", "ce", "cette", "est", "sont", "je", "nous", "vous", "votre", "vos", "ton",
        "ta", "tes", "localisation", "emplacement", "accès", "besoin", "nécessite", "nécessaire", "requise",
        "requis", "utilise", "utiliser", "pour", "de", "des", "et", "ou", "toujours", "arrière-plan", "plan",
        "fonctionner", "autoriser", "autorisation",
        // Spanish and Portuguese
        "el", "los", "las", "una", "uno", "esta", "este", "es", "son", "yo", "nosotros", "tu", "su", "sus",
        "ubicación", "localización", "localização", "acceso", "acesso", "necesita", "necessita", "requiere",
        "requer", "necesario", "necessário", "usa", "utiliza", "para", "por", "y", "e", "o", "siempre", "sempre",
        "segundo", "funcionar", "permiso", "permissão", "aplicación", "aplicativo", "aplicação", "tua", "sua",
        // Italian
        "il", "lo", "gli", "questa", "questo", "è", "noi", "voi", "tuo", "posizione", "accesso", "richiede",
        "necessario", "necessaria", "utilizza", "per", "funzionare", "permesso",
        // Dutch
        "het", "een", "deze", "dit", "ik", "wij", "jij", "jouw", "locatie", "toegang", "nodig", "vereist",
        "gebruikt", "om", "voor", "en", "altijd", "achtergrond", "werken", "toestemming",
        // Korean (after a trailing particle is dropped: 위치를 → 위치)
        "위치", "위치정보", "정보", "권한", "필요", "필요합니다", "필요해요", "허용", "허용해", "허용해주세요", "주세요",
        "허용하시겠습니까", "접근", "접근하려", "동의", "동의해주세요", "앱", "항상", "사용", "사용하는", "사용하기",
        "사용할때만", "사용합니다", "동안", "합니다", "현재", "내", "사용자", "위해", "위해서", "확인", "탐색", "제공",
        "수집합니다", "업데이트", "가져오기", "열때마다", "해당", "활용", "기능", "이",
        // Turkish
        "bu", "bir", "ve", "veya", "için", "konum", "konumunuz", "konumunuza", "erişim", "izin", "gerekli",
        "gerekiyor", "kullanır", "uygulama", "her", "zaman", "arka", "planda",
    ]

    /// What is wrong with the text, phrased to follow the key's name, or `nil` when it says what the app does with
    /// location.
    func problem(with text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "is empty" }
        let lowered = trimmed.lowercased()
        let words = Self.words(of: lowered)
        // Whole words only: Spanish "todos" is not "todo".
        if let token = Self.placeholders.first(where: { words.contains($0) || ($0 == "xxx" && lowered.contains($0)) }) {
            return "is a placeholder (it contains \"\(token)\")"
        }
        // A template's own words: "Your background location usage description goes here."
        if let phrase = ["goes here", "usage description"].first(where: { lowered.contains($0) }) {
            return "is a placeholder (it contains \"\(phrase)\")"
        }
        if let slot = Self.templateSlot(in: trimmed) {
            return "is a placeholder (it contains \"\(slot)\")"
        }
        if !trimmed.contains(" "), trimmed.hasPrefix("NS") || trimmed.hasSuffix("Description") {
            return "is a key name (\"\(trimmed)\"), not a sentence"
        }
        // A build variable's value is not known here.
        if trimmed.hasPrefix("$("), trimmed.hasSuffix(")"), !trimmed.contains(" ") { return nil }
        guard let script = ScriptDetector.dominantScript(of: trimmed) else { return nil }
        if script == .han {
            guard Self.chineseContent(of: trimmed).count < 2 else { return nil }
            return "(\"\(trimmed)\") asks for location but does not say what the app does with it or why"
        }
        guard script.separatesWords else { return nil }
        if words.count < 3 {
            return "(\"\(trimmed)\") is too short to say what the app does with location and why"
        }
        let appWords = Set(appNames.flatMap { Self.words(of: $0.lowercased()) })
        if words.allSatisfy({ Self.asks($0) || appWords.contains($0) }) {
            return "(\"\(trimmed)\") asks for location but does not say what the app does with it or why"
        }
        return nil
    }

    /// The script found and the development region, when the Info.plist text is in a script the region's
    /// language is not written in (Cyrillic under `ja`, Latin under `ja`) and no `.lproj` of the region's language
    /// translates the key. A region whose language the linter does not know the script of is not judged. Text in
    /// the region's script passes whatever its language: Turkish or German under `en` is Latin script, as English
    /// is.
    ///
    /// Under `en`, the region Xcode's templates set and single-language apps rarely change, a string in another
    /// script is a mismatch only when the app translates the key into some language but not into English: an app
    /// with no translations at all (a Chinese-only app left at `en`) shows its one string to everyone, as meant.
    ///
    /// - Parameters:
    ///   - text: The Info.plist string.
    ///   - localized: The target's `.lproj` copies, by `.lproj` name.
    ///   - key: The key (or temporary purpose) the text is for.
    /// - Returns: The script's name and the region's language, or `nil` when they fit.
    func languageMismatch(
        in text: String,
        localized: [String: [String: DeclaredValue]],
        key: String
    ) -> (found: String, region: String)? {
        guard let region = ScriptDetector.languageCode(developmentRegion),
            let found = ScriptDetector.dominantScript(of: text),
            let expected = ScriptDetector.expectedScripts(forLanguage: region),
            !expected.contains(found)
        else { return nil }
        let translations = localized.filter { $0.value[key] != nil }.keys.compactMap(ScriptDetector.languageCode)
        if translations.contains(region) { return nil }
        if region == "en" && translations.isEmpty { return nil }
        return (found.name, region)
    }

    /// Phrases of Chinese (simplified and traditional) that ask for location, or pad the request, without saying
    /// what the app does with it; longest first, so that `您的` goes before `您`.
    static let chineseAskingPhrases: [String] = [
        "地理位置", "位置信息", "位置資訊", "定位服务", "定位服務", "位置服务", "位置服務", "是否允许", "是否允許",
        "需要", "通过", "通過", "定位", "获取", "獲取", "获得", "獲得", "您的", "你的", "周边", "周邊", "附近", "地理",
        "位置", "信息", "資訊", "訊息", "是否", "允许", "允許", "访问", "訪問", "存取", "权限", "權限", "使用", "我们",
        "我們", "应用", "應用", "程序", "程式", "请", "請", "开启", "開啟", "打开", "打開", "服务", "服務", "当前",
        "當前", "同意", "想要", "功能", "正常", "您", "你", "的", "要", "将", "將", "会", "會", "可以", "能", "以",
    ]

    /// The Han characters of a Chinese string left once the asking phrases are taken out: what it says beyond
    /// asking. Latin words (an app's name) and punctuation are not counted.
    static func chineseContent(of text: String) -> String {
        var rest = text
        for phrase in chineseAskingPhrases { rest = rest.replacingOccurrences(of: phrase, with: " ") }
        return String(rest.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) }.map(Character.init))
    }

    /// A slot of a template left unfilled, such as `<YOUR APP>` or `[REASON]`: brackets around three or more
    /// letters, all capitals.
    static func templateSlot(in text: String) -> String? {
        let pairs: [Character: Character] = ["<": ">", "[": "]", "{": "}"]
        var open: (character: Character, index: String.Index)?
        for index in text.indices {
            let character = text[index]
            if pairs[character] != nil {
                open = (character, index)
            } else if let start = open, pairs[start.character] == character {
                let inner = text[text.index(after: start.index)..<index]
                let letters = inner.filter(\.isLetter)
                if letters.count >= 3, letters.allSatisfy(\.isUppercase),
                    inner.allSatisfy({ $0.isLetter || $0 == " " || $0 == "_" || $0 == "-" })
                {
                    return String(text[start.index...index])
                }
                open = nil
            }
        }
        return nil
    }

    static func asks(_ word: String) -> Bool {
        if askingWords.contains(word) { return true }
        // A misspelled asking word ("requred") asks as much as the word does.
        if word.count >= 6, askingWords.contains(where: { $0.count >= 6 && Self.isOneEditAway(word, $0) }) {
            return true
        }
        let isHangul = word.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) }
        guard isHangul else { return word.count < 3 }
        for particle in ["에서", "으로", "을", "를", "이", "가", "은", "는", "에", "의", "도", "로"]
        where word.count > particle.count && word.hasSuffix(particle) {
            if askingWords.contains(String(word.dropLast(particle.count))) { return true }
        }
        return false
    }

    /// The words of lowercased text: runs of letters, digits, apostrophes and hyphens.
    /// Whether one letter dropped, added or replaced turns `word` into `other`.
    static func isOneEditAway(_ word: String, _ other: String) -> Bool {
        let a = Array(word)
        let b = Array(other)
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var i = 0
        var j = 0
        var edits = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count {
                i += 1
            } else if a.count < b.count {
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }

    static func words(of lowered: String) -> [String] {
        lowered.split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’" || $0 == "-" || $0 == "_") }
            .map { $0.replacingOccurrences(of: "’", with: "'") }
            .filter { $0.contains { $0.isLetter } }
    }
}
