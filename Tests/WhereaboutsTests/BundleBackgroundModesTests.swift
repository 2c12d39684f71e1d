import Testing

@testable import Whereabouts

/// Declarations given by hand still meet the app's own `UIBackgroundModes`, which is what Core Location checks before
/// it lets background updates run.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct BundleBackgroundModesTests {
    @Test("the app's Info.plist decides the background modes; every other declaration stays as given")
    func theBundleDecidesTheBackgroundModes() {
        let given = Harness.allKeys
        #expect(given.backgroundModes == ["location"])

        let without = given.withBackgroundModes(of: ["CFBundleIdentifier": "com.example.wayfinder"])
        #expect(without.backgroundModes.isEmpty)
        var rest = without
        rest.backgroundModes = given.backgroundModes
        #expect(rest == given)

        let with = given.withBackgroundModes(of: ["UIBackgroundModes": ["audio", "location"]])
        #expect(with.backgroundModes == ["audio", "location"])

        let malformed = given.withBackgroundModes(of: ["UIBackgroundModes": "location"])
        #expect(malformed.backgroundModes.isEmpty, "not an array of strings: no mode Core Location would honour")

        #expect(given.withBackgroundModes(of: nil) == given, "no Info.plist at all: the declarations as given")
    }

    @Test("declarations that claim location, over an Info.plist without it: allowing background updates throws")
    func handPassedDeclarationsCannotUnlockBackgroundUpdates() async throws {
        let checked = Harness.allKeys.withBackgroundModes(of: ["CFBundleIdentifier": "com.example.wayfinder"])
        let harness = Harness(status: .authorizedAlways, clientDeclarations: checked)
        await #expect(throws: LocationError.backgroundModeMissing) {
            try await harness.client.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(!harness.ios.allowsBackgroundLocationUpdates)
    }
}
