import Foundation
import Testing
import Whereabouts

@Suite(.timeLimit(.minutes(5)))
struct UsageDescriptionsTests {
    /// What `Fixtures/Info.plist` and `Fixtures/Info-binary.plist` declare.
    static let expected = UsageDescriptions(
        whenInUse: "Wayfinder shows where you are on the map.",
        always: "Wayfinder tells you when you reach a saved place.",
        temporaryPurposes: [
            "Navigation": "Turn-by-turn directions need your exact position.",
            "ParkingSpot": "Finding your parked car needs your exact position.",
        ],
        defaultAccuracyReduced: true,
        backgroundModes: ["location"],
        appName: "Wayfinder"
    )

    static func fixture(_ name: String) throws -> URL {
        try #require(
            Bundle.module.url(forResource: name, withExtension: "plist", subdirectory: "Fixtures"),
            "Fixtures/\(name).plist is missing from the test bundle"
        )
    }

    // MARK: - Reading real files

    @Test func anXMLInfoPlistIsReadFieldByField() throws {
        let declarations = try UsageDescriptions(contentsOf: Self.fixture("Info"))
        #expect(declarations.whenInUse == "Wayfinder shows where you are on the map.")
        #expect(declarations.always == "Wayfinder tells you when you reach a saved place.")
        #expect(declarations.temporaryPurposes.count == 2)
        #expect(declarations.temporaryPurposes["Navigation"] == "Turn-by-turn directions need your exact position.")
        #expect(declarations.temporaryPurposes["ParkingSpot"] == "Finding your parked car needs your exact position.")
        #expect(declarations.defaultAccuracyReduced)
        #expect(declarations.backgroundModes == ["location"])
        #expect(declarations.hasLocationBackgroundMode)
        #expect(declarations.appName == "Wayfinder")
        #expect(declarations == Self.expected)
    }

    /// Found by `scripts/fuzz.sh plist`: Foundation's `PropertyListSerialization` crashed (SIGSEGV) on it.
    @Test func aBinaryPlistHoldingASetIsRefusedWithoutCrashing() throws {
        let data = try Data(contentsOf: Self.fixture("BinaryWithSet"))
        #expect(BinaryPropertyList.containsSet(data))
        #expect(!BinaryPropertyList.containsSet(try Data(contentsOf: Self.fixture("Info-binary"))))
        #expect(!BinaryPropertyList.containsSet(Data("bplist00".utf8) + Data(repeating: 0xFF, count: 40)))
        do throws(LocationError) {
            _ = try UsageDescriptions(propertyListData: data, file: "Hostile.plist")
            Issue.record("a binary plist holding a set was accepted")
        } catch {
            #expect(error.code == .invalidInfoPlist)
            #expect(error.description.contains("Hostile.plist") && error.description.contains("plutil -convert xml1"))
        }
    }

    @Test func aBinaryInfoPlistReadsTheSameAsTheXMLOne() throws {
        let url = try Self.fixture("Info-binary")
        let data = try Data(contentsOf: url)
        #expect(data.starts(with: Data("bplist00".utf8)), "the fixture must be a binary property list")
        let binary = try UsageDescriptions(contentsOf: url)
        let xml = try UsageDescriptions(contentsOf: Self.fixture("Info"))
        #expect(binary == xml)
        #expect(binary == Self.expected)
        #expect(try UsageDescriptions(propertyListData: data) == Self.expected)
    }

    // MARK: - Malformed files

    /// A fixture that must be refused, and words the error must contain besides the file's path.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var fixture: String
        var mentions: [String]
        var testDescription: String { fixture }
    }

    static let malformed: [Malformed] = [
        Malformed(fixture: "NotAPlist", mentions: ["is not a valid property list"]),
        Malformed(fixture: "Truncated", mentions: ["is not a valid property list"]),
        Malformed(fixture: "TopLevelArray", mentions: ["top level must be a dictionary"]),
        Malformed(
            fixture: "TemporaryPurposesArray",
            mentions: ["NSLocationTemporaryUsageDescriptionDictionary", "must be a dictionary", "not an array"]
        ),
        Malformed(
            fixture: "AccuracyReducedString",
            mentions: ["NSLocationDefaultAccuracyReduced", "must be a boolean", "not a string"]
        ),
        Malformed(
            fixture: "BackgroundModesString",
            mentions: ["UIBackgroundModes", "must be an array", "not a string"]
        ),
    ]

    @Test(arguments: malformed)
    func aMalformedInfoPlistIsAnErrorNamingTheFileAndTheProblem(_ malformed: Malformed) throws {
        let url = try Self.fixture(malformed.fixture)
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(contentsOf: url)
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.hasPrefix(url.path + ": "), "\(error)")
        #expect(error.description.contains("\(malformed.fixture).plist"), "\(error)")
        for words in malformed.mentions {
            #expect(error.description.contains(words), "\(error) should say \(words)")
        }
        #expect(error.localizedDescription == error.description)
    }

    @Test func theSameDataUnderAnotherNameNamesThatName() throws {
        let data = try Data(contentsOf: Self.fixture("TopLevelArray"))
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(propertyListData: data, file: "App/Info.plist")
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description == "App/Info.plist: the top level must be a dictionary (<dict>)")
    }

    @Test func aMissingFileIsAnErrorNamingItsPath() throws {
        let path = "/nonexistent/whereabouts-\(UUID().uuidString)/Info.plist"
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(contentsOf: URL(fileURLWithPath: path))
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.hasPrefix(path + ": "), "\(error)")
        #expect(error.description.contains("cannot be read"), "\(error)")
    }

    @Test func emptyDataIsNotAPropertyList() throws {
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(propertyListData: Data())
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.hasPrefix("Info.plist: "), "\(error)")
    }

    // MARK: - Dictionaries and code

    @Test func aPurposeThatIsNotAStringIsAnErrorNamingIt() throws {
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(
                dictionary: [UsageDescriptions.temporaryPurposesKey: ["Navigation": 3]],
                file: "Demo.plist"
            )
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.contains("Demo.plist"))
        #expect(error.description.contains("NSLocationTemporaryUsageDescriptionDictionary.Navigation must be a string"))
    }

    @Test func aUsageDescriptionThatIsNotAStringIsAnError() throws {
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(dictionary: [UsageDescriptions.whenInUseKey: true])
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.contains("NSLocationWhenInUseUsageDescription must be a string, not a boolean"))
    }

    @Test func aNumberIsNotTakenForTheAccuracyBoolean() throws {
        let error = try #require(throws: LocationError.self) {
            try UsageDescriptions(dictionary: [UsageDescriptions.defaultAccuracyReducedKey: 1])
        }
        #expect(error.code == .invalidInfoPlist)
        #expect(error.description.contains("NSLocationDefaultAccuracyReduced must be a boolean"))
    }

    @Test func theBundleNameStandsInForAMissingDisplayName() throws {
        let named = try UsageDescriptions(dictionary: [UsageDescriptions.bundleNameKey: "Wayfinder"])
        #expect(named.appName == "Wayfinder")
        let both = try UsageDescriptions(dictionary: [
            UsageDescriptions.bundleNameKey: "wayfinder-ios",
            UsageDescriptions.displayNameKey: "Wayfinder",
        ])
        #expect(both.appName == "Wayfinder")
    }

    @Test func otherKeysAreIgnored() throws {
        let declarations = try UsageDescriptions(
            dictionary: ["CFBundleVersion": 12, "UIRequiredDeviceCapabilities": [String]()]
        )
        #expect(declarations == UsageDescriptions())
    }

    @Test func anEmptyInfoPlistDeclaresNothing() throws {
        let data = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict/></plist>
            """.utf8
        )
        let declarations = try UsageDescriptions(propertyListData: data)
        #expect(declarations == UsageDescriptions())
    }

    @Test func theDefaultsDeclareNothing() {
        let declarations = UsageDescriptions()
        #expect(declarations.whenInUse == nil)
        #expect(declarations.always == nil)
        #expect(declarations.temporaryPurposes.isEmpty)
        #expect(!declarations.defaultAccuracyReduced)
        #expect(declarations.backgroundModes.isEmpty)
        #expect(!declarations.hasLocationBackgroundMode)
        #expect(declarations.appName == nil)
    }

    @Test func hasLocationBackgroundModeLooksForLocationOnly() {
        #expect(UsageDescriptions(backgroundModes: ["location"]).hasLocationBackgroundMode)
        #expect(UsageDescriptions(backgroundModes: ["audio", "location", "fetch"]).hasLocationBackgroundMode)
        #expect(!UsageDescriptions(backgroundModes: ["audio", "fetch"]).hasLocationBackgroundMode)
        #expect(!UsageDescriptions(backgroundModes: ["Location"]).hasLocationBackgroundMode)
    }

    @Test func declarationsBuiltInCodeKeepWhatTheyWereGiven() {
        let declarations = UsageDescriptions(
            whenInUse: "Shows where you are on the map.",
            temporaryPurposes: ["Navigation": "Directions need your exact position."]
        )
        #expect(declarations.whenInUse == "Shows where you are on the map.")
        #expect(declarations.always == nil)
        #expect(declarations.temporaryPurposes == ["Navigation": "Directions need your exact position."])
        #expect(!declarations.defaultAccuracyReduced)
        #expect(!declarations.hasLocationBackgroundMode)
    }

    @Test func declarationsSurviveACodableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.expected)
        #expect(try JSONDecoder().decode(UsageDescriptions.self, from: data) == Self.expected)
    }
}
