import Testing
import Whereabouts

/// Each platform's rules, as a table: for each platform, each rule's answer (the sources are in `PlatformRules`).
@Suite(.timeLimit(.minutes(5)))
struct PlatformRulesTests {
    /// The rules in the table's column order.
    static let columns: [(name: String, answer: @Sendable (PlatformRules) -> Bool)] = [
        ("When In Use", { $0.whenInUseAuthorization }),
        ("Always", { $0.alwaysAuthorization }),
        ("upgrade prompt", { $0.alwaysUpgradePrompt }),
        ("live updates", { $0.liveUpdates }),
        ("background updates", { $0.backgroundUpdates }),
        ("UIBackgroundModes needed", { $0.backgroundModeRequired }),
        ("CLServiceSession", { $0.serviceSessions }),
        ("CLBackgroundActivitySession", { $0.backgroundActivitySessions }),
        ("regions", { $0.regionMonitoring }),
        ("visits", { $0.visits }),
        ("significant changes", { $0.significantChanges }),
        ("heading API", { $0.heading }),
        ("compass", { $0.compass }),
        ("pausing", { $0.pausing }),
        ("background indicator", { $0.backgroundIndicator }),
        ("background state", { $0.backgroundState }),
    ]

    /// The table of the article "The rules Whereabouts follows", one row per platform, Y or - per column above.
    static let table: [Platform: String] = [
        //          WIU Alw Upg Liv BgU Mod Svc BgS Reg Vis Sig Hdg Cmp Pau Ind BgSt
        .iOS: "      Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y   Y",
        .macOS: "    -   Y   -   Y   Y   -   -   -   Y   Y   Y   Y   -   Y   -   -",
        .watchOS: "  Y   Y   Y   Y   Y   Y   Y   Y   -   -   -   Y   Y   -   -   Y",
        .visionOS: " Y   -   -   Y   -   Y   Y   Y   -   -   -   -   -   Y   -   Y",
        .tvOS: "     Y   -   -   -   -   Y   Y   -   -   -   -   -   -   -   -   Y",
    ]

    @Test(arguments: Platform.allCases)
    func eachPlatformAnswersEachRuleAsItsTableRowSays(_ platform: Platform) throws {
        let row = try #require(Self.table[platform]).split(separator: " ").map { $0 == "Y" }
        try #require(row.count == Self.columns.count)
        for (column, expected) in zip(Self.columns, row) {
            #expect(column.answer(platform.rules) == expected, "\(platform): \(column.name)")
        }
    }

    @Test(arguments: Platform.allCases)
    func managerCapabilitiesComeFromThePlatformsRules(_ platform: Platform) {
        let rules = platform.rules
        let capabilities = ManagerCapabilities(platform: platform)
        #expect(capabilities.alwaysAuthorization == rules.alwaysAuthorization)
        #expect(capabilities.heading == rules.heading)
        #expect(capabilities.visits == rules.visits)
        #expect(capabilities.backgroundUpdates == rules.backgroundUpdates)
        #expect(capabilities.pausing == rules.pausing)
        #expect(capabilities.backgroundIndicator == rules.backgroundIndicator)
        #expect(capabilities.backgroundModeRequired == rules.backgroundModeRequired)
        #expect(capabilities.liveUpdates == rules.liveUpdates)
    }

    @Test
    func iOSCapabilitiesAreEverything() {
        #expect(ManagerCapabilities(platform: .iOS) == .all)
    }

    /// The capabilities the Core Location adapter built by hand before they came from the rules: the same facts.
    @Test
    func theAdaptersCapabilitiesAreUnchangedByComingFromTheRules() {
        #expect(
            ManagerCapabilities(platform: .visionOS)
                == ManagerCapabilities(
                    alwaysAuthorization: false,
                    heading: false,
                    visits: false,
                    backgroundUpdates: false,
                    backgroundIndicator: false
                )
        )
        #expect(
            ManagerCapabilities(platform: .watchOS)
                == ManagerCapabilities(visits: false, pausing: false, backgroundIndicator: false)
        )
        #expect(
            ManagerCapabilities(platform: .macOS)
                == ManagerCapabilities(backgroundIndicator: false, backgroundModeRequired: false)
        )
    }

    @Test
    func platformsAreSpelledAsScenariosSpellThem() {
        #expect(Platform.allCases.map(\.description) == ["ios", "macos", "watchos", "visionos", "tvos"])
        #expect(Platform(rawValue: "visionos") == .visionOS)
    }
}
