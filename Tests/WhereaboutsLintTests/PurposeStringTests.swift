import Foundation
import Testing

@testable import WhereaboutsLint

/// Purpose strings judged as App Review asks (what the app does with location, and why), and languages compared
/// by script and development region, never by a list of English words.
@Suite(.timeLimit(.minutes(5)))
struct PurposeStringTests {
    /// One labelled purpose string from `Fixtures/purpose-strings.json`.
    struct Labelled: Decodable {
        var repository: String
        var commit: String
        var file: String
        var key: String
        var language: String
        var text: String
        var app: String
        var acceptable: Bool
        var reason: String
    }

    struct Corpus: Decodable {
        var strings: [Labelled]
    }

    static func corpus() throws -> [Labelled] {
        let url = try #require(
            Bundle.module.url(forResource: "purpose-strings", withExtension: "json", subdirectory: "Fixtures")
        )
        return try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url)).strings
    }

    @Test(
        "vague strings real apps shipped, or could have, are caught",
        arguments: [
            "This app requires your location to function.", "Streetpass requires your location to function.",
            "I need locations in background mode always", "We need your location", "Location access required",
            "Your location is needed for the app to work properly.", "Location needed", "Standort benötigt",
            "Please allow location access for the best experience.",
        ]
    )
    func vague(_ text: String) {
        let check = PurposeStringCheck(developmentRegion: "en", appNames: ["Streetpass"])
        #expect(check.problem(with: text) != nil, "\(text)")
    }

    @Test(
        "a string that says what the app does passes, in any language and with no reason word",
        arguments: [
            "Yeah track my visits", "Shows nearby stations on the map and the walk to them.",
            "Yakınındaki otobüs duraklarını haritada gösterir.", "Teile deinen Standort",
            "Partage ta position dans le chat.", "Location is required to retrieve the weather for your place.",
            "次の配達先を地図に表示します。", "$(LOCATION_PURPOSE)",
        ]
    )
    func passes(_ text: String) {
        #expect(PurposeStringCheck(developmentRegion: "en").problem(with: text) == nil, "\(text)")
    }

    /// Cyrillic or Han under `en` is a mismatch once another language translates the key but English does not.
    @Test("language by script: Turkish under en passes; Cyrillic or Han under a localized en app does not")
    func languageByScript() {
        let check = PurposeStringCheck(developmentRegion: "en")
        let key = "NSLocationWhenInUseUsageDescription"
        let german: [String: [String: DeclaredValue]] = [
            "de": [key: DeclaredValue(.string("Zeigt Mitfahrer."), at: SourcePosition(file: "y"), origin: .infoPlist)]
        ]
        #expect(check.languageMismatch(in: "Yakınındaki durakları gösterir.", localized: german, key: key) == nil)
        #expect(check.languageMismatch(in: "Yeah track my visits", localized: german, key: key) == nil)
        #expect(
            check.languageMismatch(in: "Показываем попутчиков рядом.", localized: german, key: key)?.found
                == "Cyrillic script"
        )
        #expect(check.languageMismatch(in: "显示附近的车站。", localized: german, key: key)?.found == "Chinese characters")
        // A single-language app left at the template's en region shows its one string to everyone, as meant.
        #expect(check.languageMismatch(in: "显示附近的车站。", localized: [:], key: key) == nil)
        let translated: [String: [String: DeclaredValue]] = [
            "en": [
                key: DeclaredValue(
                    .string("Shows fellow riders nearby."),
                    at: SourcePosition(file: "x"),
                    origin: .infoPlist
                )
            ]
        ]
        #expect(check.languageMismatch(in: "Показываем попутчиков рядом.", localized: translated, key: key) == nil)
        #expect(
            PurposeStringCheck(developmentRegion: "ja").languageMismatch(in: "Shows stops.", localized: [:], key: key)?
                .found == "Latin script"
        )
    }

    /// Turkish or Russian under the default `en` region with no translations: no finding. Russian under an
    /// explicit `de` region and under `en` with a Ukrainian translation: one each. Copies in `.lproj` folders are
    /// not judged by their script: an untranslated English copy in `ja.lproj`, `he.lproj` or `be.lproj` is what the
    /// app shows until it is translated, and Najdi Arabic in `ars.lproj` is written in Arabic script.
    @Test("languages by script and region in a project; .lproj copies are not judged by script")
    func languagesProject() async throws {
        let report = try await LintEndToEndTests.lint("Lint-PurposeLanguages")
        let vague = report.findings.filter { $0.ruleID == "vague-usage-description" }
        #expect(vague.map(\.target) == ["Karta", "Sputnik"], "\(report.findings.map(\.message))")
        #expect(vague.first?.message.contains("development region is de") == true)
        #expect(vague.last?.position.file.hasSuffix("Sputnik/Info.plist") == true)
        #expect(!vague.contains { $0.position.file.contains(".lproj/") })
        #expect(report.findings.count == vague.count, "\(report.findings.map(\.message))")
    }

    @Test("a development region whose language's script is not known is not judged by script")
    func unknownRegionLanguage() {
        let key = "NSLocationWhenInUseUsageDescription"
        #expect(ScriptDetector.expectedScripts(forLanguage: "ars") == nil)
        #expect(ScriptDetector.expectedScripts(forLanguage: "sr")?.contains(.latin) == true)
        let najdi = PurposeStringCheck(developmentRegion: "ars")
        #expect(najdi.languageMismatch(in: "يعرض موقعك على الخريطة.", localized: [:], key: key) == nil)
        #expect(najdi.languageMismatch(in: "Shows your position on the map.", localized: [:], key: key) == nil)
        let arabic = PurposeStringCheck(developmentRegion: "ar")
        #expect(arabic.languageMismatch(in: "Shows your position on the map.", localized: [:], key: key) != nil)
    }

    @Test("strings that ask without a purpose are reported, each at its key")
    func vagueProject() async throws {
        let report = try await LintEndToEndTests.lint("Lint-VaguePurposes")
        let vague = report.findings.filter { $0.ruleID == "vague-usage-description" }
        #expect(vague.count == 2, "\(report.findings.map(\.message))")
        #expect(vague.allSatisfy { $0.message.contains("does not say what the app does with it") })
    }

    /// The check against hand-judged strings from real apps: "not acceptable" is the class it looks for.
    @Test("precision and recall on the labelled purpose strings of real apps")
    func labelledCorpus() throws {
        let strings = try Self.corpus()
        #expect(strings.count >= 200)
        #expect(Set(strings.map(\.repository)).count >= 20)
        var truePositives = 0
        var falsePositives: [Labelled] = []
        var falseNegatives: [Labelled] = []
        for string in strings {
            let check = PurposeStringCheck(developmentRegion: string.language, appNames: [string.app])
            let flagged = check.problem(with: string.text) != nil
            switch (flagged, string.acceptable) {
            case (true, false): truePositives += 1
            case (true, true): falsePositives.append(string)
            case (false, false): falseNegatives.append(string)
            case (false, true): break
            }
        }
        let flagged = truePositives + falsePositives.count
        let bad = truePositives + falseNegatives.count
        let precision = flagged == 0 ? 1 : Double(truePositives) / Double(flagged)
        let recall = bad == 0 ? 1 : Double(truePositives) / Double(bad)
        print(
            "purpose strings: \(strings.count) (\(bad) not acceptable); flagged \(flagged); "
                + "precision \(truePositives)/\(flagged) = \(precision), recall \(truePositives)/\(bad) = \(recall)"
        )
        for miss in falsePositives { print("  false finding: [\(miss.repository) \(miss.language)] \(miss.text)") }
        for miss in falseNegatives { print("  missed: [\(miss.repository) \(miss.language)] \(miss.text)") }
        // Floors the check reaches today; a change that lowers either fails here.
        #expect(precision >= PurposeStringTests.precisionFloor, "precision \(precision)")
        #expect(recall >= PurposeStringTests.recallFloor, "recall \(recall)")
    }

    /// On the 669 strings: 18 of 18 flagged are not acceptable, and all 18 not acceptable are flagged (the Chinese
    /// one since Chinese strings that only ask are judged).
    static let precisionFloor = 0.99
    static let recallFloor = 0.99
}
