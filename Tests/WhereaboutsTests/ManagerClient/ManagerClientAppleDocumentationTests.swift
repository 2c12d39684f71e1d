import Clocks
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What the adapter does where Apple's documentation decides a case no device here could show: the heading
/// calibration display, background use under When In Use, a one-shot request while updates are paused, a background
/// relaunch, and background updates on macOS.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientAppleDocumentationTests {
    /// The capabilities of macOS's Core Location, as `CoreLocationManager` reports them there.
    nonisolated static let macOS = ManagerCapabilities(backgroundIndicator: false, backgroundModeRequired: false)

    @Test(
        "The heading calibration display is off by default, the app's choice reaches the manager, and stays off without heading"
    )
    func headingCalibrationDisplay() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        #expect(!(await harness.client.properties().displaysHeadingCalibration))
        try await harness.client.set(displaysHeadingCalibration: true)
        #expect(harness.ios.appliedProperties?.displaysHeadingCalibration == true)
        #expect(await harness.client.properties().displaysHeadingCalibration)
        #expect(await harness.client.properties().summary.contains("displaysHeadingCalibration true"))
        await harness.client.dismissHeadingCalibrationDisplay()
        #expect(harness.ios.calls.last == "dismissHeadingCalibrationDisplay")
        try await harness.client.set(desiredAccuracy: .hundredMeters)
        #expect(harness.ios.appliedProperties?.displaysHeadingCalibration == true)  // kept across other changes

        let vision = Harness(status: .authorizedWhenInUse)
        vision.ios.capabilities = ManagerClientManagerSurfaceTests.visionOS
        try await vision.client.set(displaysHeadingCalibration: true)
        #expect(vision.ios.appliedProperties?.displaysHeadingCalibration == false)
        #expect(!(await vision.client.properties().displaysHeadingCalibration))
    }

    @Test("Launched in the background under When In Use, background updates allowed alone leave the app not in use")
    func backgroundLaunchWhenInUse() async throws {
        let harness = Harness(status: .authorizedWhenInUse, applicationState: .background)
        try await harness.client.set(allowsBackgroundLocationUpdates: true)
        // Core Location activates no background session outside the foreground.
        #expect(!(await harness.client.startBackgroundSession()))

        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.diagnostics.contains(.insufficientlyInUse) == true)
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next()?.contains(.insufficientlyInUse) == true)
        let error = await #expect(throws: LocationError.self) { try await harness.client.requestLocation() }
        #expect(error == .notInUse)
        await session.invalidate()
    }

    @Test("A one-shot request while live updates are paused starts them again, and their next fix answers it")
    func requestLocationWhilePaused() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        let consumer = Task {
            for try await _ in await harness.client.liveUpdates() {}
        }
        await harness.yield { harness.ios.isUpdatingLocation }
        harness.ios.pauseUpdates()
        #expect(await events.next() == .didPauseLocationUpdates)

        let request = Task { try await harness.client.requestLocation() }
        await harness.yield { !harness.ios.isPaused }
        let delivered = harness.ios.locate(deviceFix(4))
        #expect(delivered)
        if delivered {
            #expect(await events.next() == .didResumeLocationUpdates)
        } else {
            request.cancel()  // Core Location would answer nothing: end the wait rather than the time limit
        }
        #expect(try await request.result.get() == deviceFix(4))
        consumer.cancel()
    }

    @Test("A background relaunch: events() makes the manager and subscribes at once, and hears the relaunching events")
    func backgroundRelaunch() async throws {
        let home = Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
        let ios = StandInLocationManager(
            infoPlist: Harness.allKeys,
            status: .authorizedAlways,
            accuracy: .fullAccuracy,
            alwaysRequested: true
        )
        ios.startMonitoring(for: home)  // kept by Core Location from the earlier launch
        ios.isForeground = false
        let made = LockedValue(0)
        let clock = TestClock()
        let client = LocationClient.managed(
            ManagerClientHolder {
                made.update { $0 += 1 }
                return ManagerClient(
                    manager: ios,
                    applicationState: .background,
                    declarations: .success(Harness.allKeys),
                    clock: clock,
                    alwaysMemory: ManagerClient.AlwaysRequestMemory(wasRequested: { true }, recordRequest: {})
                )
            }
        )
        #expect(made.current == 0)
        // The first call makes the manager and subscribes at once: nothing Core Location delivers falls in between.
        var events = await client.events().makeAsyncIterator()
        #expect(made.current == 1)
        #expect(await events.next() == .didChangeAuthorization(client.authorizationSnapshot()))
        await client.startMonitoringSignificantLocationChanges()
        #expect(ios.isMonitoringSignificantChanges)
        // Restarted, the service delivers the event that relaunched the app.
        ios.send(.didUpdateLocations([deviceFix(9)]))
        #expect(await events.next() == .didUpdateLocations([deviceFix(9)]))
        ios.send(.didEnterRegion("home"))
        #expect(await events.next() == .didEnterRegion(home))
        #expect(made.current == 1)
    }

    @Test(
        "macOS: background updates need no location background mode, and reach Core Location only when it is declared"
    )
    func macOSBackgroundUpdates() async throws {
        var keys = Harness.allKeys
        keys.backgroundModes = []
        let mac = Harness(status: .authorizedAlways, infoPlist: keys)
        mac.ios.capabilities = Self.macOS
        try await mac.client.set(allowsBackgroundLocationUpdates: true)
        #expect(await mac.client.properties().allowsBackgroundLocationUpdates)
        #expect(!mac.ios.allowsBackgroundLocationUpdates)
        try await mac.client.set(allowsBackgroundLocationUpdates: false)
        #expect(!(await mac.client.properties().allowsBackgroundLocationUpdates))

        let declared = Harness(status: .authorizedAlways)
        declared.ios.capabilities = Self.macOS
        try await declared.client.set(allowsBackgroundLocationUpdates: true)
        #expect(declared.ios.allowsBackgroundLocationUpdates)

        // iOS keeps the rule: Core Location would stop the app.
        let phone = Harness(status: .authorizedAlways, infoPlist: keys)
        let error = await #expect(throws: LocationError.self) {
            try await phone.client.set(allowsBackgroundLocationUpdates: true)
        }
        #expect(error?.code == .backgroundModeMissing)
        #expect(!phone.ios.allowsBackgroundLocationUpdates)
    }
}
