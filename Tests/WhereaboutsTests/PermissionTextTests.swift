import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The permission screens' texts: one English set, in the core module, that WhereaboutsUI's `Localizable.strings`
/// repeats key for key, and the texts each screen shows.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct PermissionTextTests {
    /// WhereaboutsUI's English `Localizable.strings`, found from this file (the module is empty on Linux, so its
    /// bundle is not built here), through symbolic links: scripts/tsan.sh builds this test target from a link to its
    /// folder, where the package's other folders are not.
    static let stringsFile = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WhereaboutsUI/Resources/en.lproj/Localizable.strings")

    @Test("Every key of WhereaboutsUI's Localizable.strings is a PermissionText with the same English, and back")
    func localizableStringsMatchTheCoreTexts() throws {
        let data = try Data(contentsOf: Self.stringsFile)
        let parsed = try PropertyListSerialization.propertyList(from: data, format: nil)
        let strings = try #require(parsed as? [String: String], "\(Self.stringsFile.path) is not a strings table")
        // A key written twice would be read once, with the last value: count the entries as written too.
        let entries = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("\"") }
        #expect(entries.count == strings.count, "a key is written twice in \(Self.stringsFile.path)")

        let core = Dictionary(uniqueKeysWithValues: PermissionText.all.map { ($0.key, $0.defaultValue) })
        #expect(core.count == PermissionText.all.count, "two PermissionTexts share a key")
        for (key, english) in strings.sorted(by: { $0.key < $1.key }) {
            #expect(
                core[key] == english,
                "\(key) in Localizable.strings: \"\(english)\"; in PermissionText: \(core[key] ?? "missing")"
            )
        }
        for (key, english) in core.sorted(by: { $0.key < $1.key }) where strings[key] == nil {
            Issue.record("PermissionText \(key) (\"\(english)\") is missing from \(Self.stringsFile.path)")
        }
    }

    @Test("Each screen's title, message and buttons: Settings only after a denial, none before the prompt")
    func eachScreenHasItsTexts() {
        #expect(PermissionScreen.hidden.title == nil && PermissionScreen.hidden.message == nil)
        #expect(PermissionScreen.hidden.buttons.isEmpty)
        #expect(PermissionScreen.explanation.title == .explanationTitle)
        #expect(PermissionScreen.explanation.buttons.map(\.defaultValue) == ["Continue", "Not Now"])
        #expect(PermissionScreen.denied.title?.defaultValue == "Location Access Is Off")
        #expect(PermissionScreen.denied.buttons == [.deniedOpenSettings])
        #expect(PermissionScreen.servicesOff.message == .servicesOffMessage)
        #expect(PermissionScreen.restricted.message == .restrictedMessage)
        for screen in PermissionScreen.allCases {
            #expect(screen.buttons.contains(.deniedOpenSettings) == screen.showsSettingsButton, "\(screen)")
        }
    }

    @Test("The explanation's purpose is the app's When In Use description, else the generic sentence")
    func explanationPurposeFallsBackToTheGenericSentence() {
        let declared = [UsageDescriptions.whenInUseKey: "  Wayfinder shows where you are on the map.\n"]
        #expect(PermissionText.purpose(infoDictionary: declared) == "Wayfinder shows where you are on the map.")
        #expect(PermissionText.purpose(infoDictionary: [:]) == PermissionText.explanationPurpose.defaultValue)
        #expect(PermissionText.purpose(infoDictionary: nil) == PermissionText.explanationPurpose.defaultValue)
    }

    @Test("settingsMessage is the denied screen's message, and there is none with Location Services off")
    func settingsMessageAgreesWithTheScreen() {
        func model(_ authorization: Authorization) -> LocationPermissionModel {
            var client = LocationClient.unimplemented()
            client.authorizationSnapshot = { authorization }
            return LocationPermissionModel(client: client)
        }
        let denied = model(Authorization(status: .denied, accuracy: .fullAccuracy))
        #expect(denied.showsSettingsPrompt)
        #expect(denied.settingsMessage == PermissionText.deniedMessage.defaultValue)
        let servicesOff = model(Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false))
        #expect(servicesOff.screen == .servicesOff)
        #expect(!servicesOff.showsSettingsPrompt)
        #expect(servicesOff.settingsMessage == nil)
        let restricted = model(Authorization(status: .restricted, accuracy: .fullAccuracy))
        #expect(!restricted.showsSettingsPrompt && restricted.settingsMessage == nil)
    }
}
