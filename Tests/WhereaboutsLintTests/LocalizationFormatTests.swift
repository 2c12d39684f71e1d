import Foundation
import Testing

@testable import WhereaboutsLint

/// `InfoPlist.strings` files in every format Xcode compiles: old-style text, XML and binary property lists
/// (translation tools such as GlotPress export XML ones).
@Suite(.timeLimit(.minutes(5)))
struct LocalizationFormatTests {
    static let glotPressExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>Kasse</string>
        \t<key>NSLocationWhenInUseUsageDescription</key>
        \t<string>Kasse sucht Kartenleser in deiner Nähe, damit du vor Ort bezahlen kannst.</string>
        </dict>
        </plist>

        """

    @Test("an XML property list InfoPlist.strings (a GlotPress export) is read, with the line of each key")
    func xmlStrings() throws {
        let result = LocalizationReader.readStrings(
            Data(Self.glotPressExport.utf8),
            file: "Shop/de.lproj/InfoPlist.strings"
        )
        #expect(result.problem == nil)
        let german = try #require(result.localizations["de"]?["NSLocationWhenInUseUsageDescription"])
        #expect(german.value == .string("Kasse sucht Kartenleser in deiner Nähe, damit du vor Ort bezahlen kannst."))
        #expect(german.position == SourcePosition(file: "Shop/de.lproj/InfoPlist.strings", line: 7, column: 2))
        #expect(result.localizations["de"]?["CFBundleDisplayName"]?.value == .string("Kasse"))
    }

    @Test("a binary property list InfoPlist.strings is read")
    func binaryStrings() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["NSLocationWhenInUseUsageDescription": "Kasse zeigt Kartenleser in deiner Nähe."],
            format: .binary,
            options: 0
        )
        let result = LocalizationReader.readStrings(data, file: "fr.lproj/InfoPlist.strings")
        #expect(result.problem == nil)
        #expect(
            result.localizations["fr"]?["NSLocationWhenInUseUsageDescription"]?.value
                == .string("Kasse zeigt Kartenleser in deiner Nähe.")
        )
    }

    @Test("a damaged XML InfoPlist.strings is one unreadable-file finding that says it is not a valid property list")
    func damagedXMLStrings() throws {
        let damaged = Self.glotPressExport.replacingOccurrences(of: "</dict>", with: "")
        let result = LocalizationReader.readStrings(Data(damaged.utf8), file: "de.lproj/InfoPlist.strings")
        let problem = try #require(result.problem)
        #expect(problem.message.contains("not a valid property list"))
    }

    @Test("linting an app whose 16 translations are XML property lists reports no unreadable file")
    func lintingXMLTranslations() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "xml-strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let resources = root.appending(path: "Shop/Resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>en</string>
            \t<key>NSLocationWhenInUseUsageDescription</key>
            \t<string>Shop finds card readers near you so you can take payments in person.</string>
            </dict>
            </plist>
            """
        try Data(info.utf8).write(to: resources.appending(path: "Info.plist"))
        for language in ["ar", "de", "es", "fr", "he", "ja", "ko", "zh-Hans"] {
            let folder = resources.appending(path: "\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(Self.glotPressExport.utf8).write(to: folder.appending(path: "InfoPlist.strings"))
        }
        let code = """
            import CoreLocation

            final class ReaderFinder {
                let manager = CLLocationManager()
                func start() { manager.requestWhenInUseAuthorization() }
            }
            """
        try Data(code.utf8).write(to: root.appending(path: "Shop/ReaderFinder.swift"))
        let report = await Linter(configuration: LintConfiguration()).lint([root])
        #expect(report.findings.filter { $0.ruleID == "unreadable-file" }.isEmpty, "\(report.findings.map(\.message))")
        let project = ProjectScanner().scan(root)
        let target = try #require(project.targets.first)
        #expect(target.localizations.keys.sorted() == ["ar", "de", "es", "fr", "he", "ja", "ko", "zh-Hans"])
    }
}
