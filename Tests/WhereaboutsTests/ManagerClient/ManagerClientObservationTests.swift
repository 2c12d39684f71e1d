import Clocks
import Foundation
import Testing

@testable import Whereabouts

/// The client logic keeps one policy of what it learned of iOS, and decides on it: what an unreadable Info.plist
/// fails, and what a silence of Core Location tells.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientObservationTests {
    static let unreadable = LocationError.invalidInfoPlist(
        file: "App/Info.plist",
        problem: "line 3: NSLocationTemporaryUsageDescriptionDictionary is a string, not a dictionary"
    )

    /// The client logic over the stand-in, for an app whose Info.plist could not be read.
    @MainActor
    final class UnreadableApp {
        let ios: StandInLocationManager
        let adapter: ManagerClient
        let client: LocationClient

        init(status: AuthorizationStatus, accuracy: AccuracyAuthorization, applicationState: ApplicationState) {
            ios = StandInLocationManager(
                infoPlist: Harness.allKeys,
                status: status,
                accuracy: accuracy,
                alwaysRequested: false
            )
            ios.isForeground = applicationState != .background
            let adapter = ManagerClient(
                manager: ios,
                applicationState: applicationState,
                declarations: .failure(ManagerClientObservationTests.unreadable),
                clock: TestClock(),
                alwaysMemory: ManagerClient.AlwaysRequestMemory(wasRequested: { false }, recordRequest: {})
            )
            self.adapter = adapter
            client = .managed(ManagerClientHolder { adapter })
        }
    }

    @Test("An unreadable Info.plist fails each request that needs a declaration, with the error that says why")
    func unreadableInfoPlistFailsTheRequests() async throws {
        let app = UnreadableApp(status: .notDetermined, accuracy: .reducedAccuracy, applicationState: .active)
        let client = app.client
        let requests: [(String, @Sendable () async throws -> Void)] = [
            ("requestWhenInUseAuthorization", { _ = try await client.requestWhenInUseAuthorization() }),
            ("requestAlwaysAuthorization", { _ = try await client.requestAlwaysAuthorization() }),
            ("requestTemporaryFullAccuracy", { _ = try await client.requestTemporaryFullAccuracy("Navigation") }),
            (
                "startMonitoring",
                {
                    try await client.startMonitoring(
                        Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
                    )
                }
            ),
            ("setAllowsBackgroundLocationUpdates", { try await client.setAllowsBackgroundLocationUpdates(true) }),
        ]
        for (name, request) in requests {
            let error = await #expect(throws: LocationError.self, "\(name)") { try await request() }
            #expect(error == Self.unreadable, "\(name)")
        }
        #expect(app.ios.calls.isEmpty)
        // Turning background updates off needs no declaration.
        try await client.setAllowsBackgroundLocationUpdates(false)
    }

    @Test(
        "An unreadable Info.plist does not let a one-shot request through in the background without the right to fixes"
    )
    func unreadableInfoPlistKeepsTheBackgroundRule() async throws {
        let app = UnreadableApp(status: .authorizedWhenInUse, accuracy: .fullAccuracy, applicationState: .background)
        let error = await #expect(throws: LocationError.self) { try await app.client.requestLocation() }
        #expect(error?.code == .notInUse)
        #expect(!app.ios.locationRequested)
    }

    @Test("Always after Allow Once, asked again: ignored at once as iOS ignores it, and iOS is not asked again")
    func alwaysAgainAfterAllowOnce() async throws {
        let harness = Harness()
        let first = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowOnce(precise: true))
        _ = try await first.value
        let request = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yieldUntilSleeping()
        await harness.clock.advance(by: harness.adapter.timing.promptAppearance)
        #expect(try await request.value.resolution == .ignored(.temporaryAuthorization))

        // The silence told the client that When In Use is Allow Once.
        let again = try await harness.client.requestAlwaysAuthorization()
        #expect(
            again
                == AuthorizationOutcome(
                    status: .authorizedWhenInUse,
                    accuracy: .fullAccuracy,
                    resolution: .ignored(.temporaryAuthorization)
                )
        )
        #expect(harness.ios.calls.filter { $0 == "requestAlwaysAuthorization" }.count == 1)
        #expect(harness.adapter.diagnostics().contains(.alwaysAuthorizationDenied))

        // Allow Once lapses with the app's use: Core Location reports not determined, and the client forgets it.
        harness.enterBackground()
        harness.ios.appEntersBackground()
        #expect(await harness.client.authorization().status == .notDetermined)
        #expect(!harness.adapter.policy.allowOnce)
    }
}
