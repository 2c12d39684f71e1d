import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The rest of `CLLocationManager`'s surface through the adapter: the settings, the standard and significant-change
/// services, what the app last received, monitored regions, the synchronous authorization, and service sessions —
/// emulated by the same rules where the platform has no `CLServiceSession`, forwarded to it where it has.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientManagerSurfaceTests {
    /// The capabilities of visionOS's Core Location, as `CoreLocationManager` reports them there.
    nonisolated static let visionOS = ManagerCapabilities(
        alwaysAuthorization: false,
        heading: false,
        visits: false,
        backgroundUpdates: false,
        backgroundIndicator: false
    )

    @Test("set forwards the settings merged with those set before, and properties reads them back")
    func setMerges() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        try await harness.client.set(desiredAccuracy: .reduced, distanceFilter: .meters(50))
        try await harness.client.set(
            activityType: .fitness,
            allowsBackgroundLocationUpdates: true,
            distanceFilter: .noFilter,
            headingFilter: .degrees(5),
            headingOrientation: .landscapeLeft,
            pausesLocationUpdatesAutomatically: false,
            showsBackgroundLocationIndicator: true
        )
        var expected = LocationProperties()
        expected.desiredAccuracy = .reduced
        expected.distanceFilter = nil
        expected.activityType = .fitness
        expected.allowsBackgroundLocationUpdates = true
        expected.headingFilter = 5
        expected.headingOrientation = .landscapeLeft
        expected.pausesLocationUpdatesAutomatically = false
        expected.showsBackgroundLocationIndicator = true
        #expect(harness.ios.appliedProperties == expected)
        #expect(harness.ios.allowsBackgroundLocationUpdates)
        #expect(await harness.client.properties() == expected)
        #expect(harness.ios.calls.filter { $0 == "apply" }.count == 2)
    }

    @Test("set refuses background updates without the location background mode, and then applies nothing")
    func setRefusesBackgroundUpdates() async throws {
        let harness = Harness(
            status: .authorizedAlways,
            infoPlist: UsageDescriptions(whenInUse: "Map.", always: "Trips.")
        )
        await #expect(throws: LocationError.backgroundModeMissing) {
            try await harness.client.set(
                allowsBackgroundLocationUpdates: true,
                desiredAccuracy: .hundredMeters,
                distanceFilter: .meters(10)
            )
        }
        #expect(harness.ios.appliedProperties == nil)
        #expect(!harness.ios.calls.contains("apply"))
        #expect(!harness.ios.allowsBackgroundLocationUpdates)
        #expect(await harness.client.properties() == LocationProperties())
    }

    @Test(
        "set leaves alone what the platform lacks (visionOS): no indicator, heading filter or orientation; pausing is there"
    )
    func setOnPlatformGaps() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.capabilities = Self.visionOS
        try await harness.client.set(
            desiredAccuracy: .kilometer,
            headingFilter: .noFilter,
            headingOrientation: .faceUp,
            pausesLocationUpdatesAutomatically: true,
            showsBackgroundLocationIndicator: true
        )
        var expected = LocationProperties()
        expected.desiredAccuracy = .kilometer
        // visionOS pauses updates as iOS does (on by default): the setting is passed on and reported.
        expected.pausesLocationUpdatesAutomatically = true
        #expect(harness.ios.appliedProperties == expected)
        #expect(await harness.client.properties() == expected)
    }

    @Test("startUpdatingLocation starts Core Location without a live-updates consumer; stopUpdatingLocation stops it")
    func standardService() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()  // the current authorization
        await harness.client.startUpdatingLocation()
        #expect(harness.ios.isUpdatingLocation)
        #expect(harness.ios.locate(deviceFix(1)))
        #expect(await events.next() == .didUpdateLocations([deviceFix(1)]))
        await harness.client.stopUpdatingLocation()
        #expect(!harness.ios.isUpdatingLocation)
        #expect(!harness.ios.locate(deviceFix(2)))
    }

    @Test("stopUpdatingLocation leaves Core Location running while live updates still need it")
    func standardServiceWithLiveUpdates() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()  // the diagnostics
        await harness.client.startUpdatingLocation()
        await harness.client.stopUpdatingLocation()
        #expect(harness.ios.isUpdatingLocation)
        #expect(harness.ios.calls.filter { $0 == "startUpdatingLocation" }.count == 1)
        harness.ios.locate(deviceFix(1))
        #expect(try await updates.next()?.location == deviceFix(1))
    }

    @Test("startUpdatingLocation while denied: an error event, and Core Location is not started")
    func standardServiceDenied() async throws {
        let harness = Harness(status: .denied)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        await harness.client.startUpdatingLocation()
        guard case .didFailWithError(let error)? = await events.next() else {
            Issue.record("no error event")
            return
        }
        #expect(error.code == .notAuthorized)
        #expect(!harness.ios.isUpdatingLocation)
        // Once authorized, the started service runs.
        harness.ios.settings(status: .authorizedWhenInUse)
        #expect(harness.ios.isUpdatingLocation)
    }

    @Test("startUpdatingLocation after a pause starts Core Location again and tells the app once that updates resumed")
    func resumeAfterPause() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        await harness.client.startUpdatingLocation()
        harness.ios.send(.didPauseLocationUpdates)
        #expect(await events.next() == .didPauseLocationUpdates)
        #expect(harness.adapter.diagnostics().contains(.stationary))
        await harness.client.startUpdatingLocation()
        #expect(harness.ios.calls.filter { $0 == "startUpdatingLocation" }.count == 2)
        #expect(await events.next() == .didResumeLocationUpdates)
        #expect(!harness.adapter.diagnostics().contains(.stationary))
        harness.ios.send(.didResumeLocationUpdates)  // Core Location's own, after the adapter's: not repeated
        harness.ios.locate(deviceFix(1))
        #expect(await events.next() == .didUpdateLocations([deviceFix(1)]))
    }

    @Test("Significant changes start and stop Core Location's monitoring")
    func significantChanges() async throws {
        let harness = Harness(status: .authorizedAlways)
        #expect(await harness.client.significantLocationChangeMonitoringAvailable())
        await harness.client.startMonitoringSignificantLocationChanges()
        #expect(harness.ios.isMonitoringSignificantChanges)
        await harness.client.stopMonitoringSignificantLocationChanges()
        #expect(!harness.ios.isMonitoringSignificantChanges)
        #expect(
            harness.ios.calls == [
                "startMonitoringSignificantLocationChanges", "stopMonitoringSignificantLocationChanges",
            ]
        )
    }

    @Test("Significant changes where the platform has none: an error event, and Core Location is not called")
    func significantChangesUnavailable() async throws {
        let harness = Harness(status: .authorizedAlways)
        harness.ios.significantLocationChangeMonitoringAvailable = false
        #expect(!(await harness.client.significantLocationChangeMonitoringAvailable()))
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        await harness.client.startMonitoringSignificantLocationChanges()
        guard case .didFailWithError(let error)? = await events.next() else {
            Issue.record("no error event")
            return
        }
        #expect(error.code == .sourceFailed)
        await harness.client.stopMonitoringSignificantLocationChanges()
        #expect(harness.ios.calls.isEmpty)
        #expect(!harness.ios.isMonitoringSignificantChanges)
    }

    @Test("location() is nil when not authorized, Core Location's last fix when authorized")
    func lastLocation() async throws {
        let harness = Harness(status: .denied)
        harness.ios.location = deviceFix(1)
        #expect(await harness.client.location() == nil)
        harness.ios.settings(status: .authorizedWhenInUse)
        #expect(await harness.client.location() == deviceFix(1))
    }

    @Test(
        "heading() and headingAvailable: Core Location's when the platform has heading (authorized or not), nil and false on visionOS"
    )
    func lastHeading() async throws {
        let heading = Heading(
            magneticHeading: 90,
            trueHeading: 92,
            headingAccuracy: 5,
            timestamp: deviceFix().timestamp
        )
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.heading = heading
        #expect(await harness.client.heading() == heading)
        #expect(await harness.client.headingAvailable())
        await harness.client.dismissHeadingCalibrationDisplay()
        #expect(harness.ios.calls == ["dismissHeadingCalibrationDisplay"])

        let vision = Harness(status: .authorizedWhenInUse)
        vision.ios.capabilities = Self.visionOS
        vision.ios.heading = heading
        #expect(await vision.client.heading() == nil)
        #expect(!(await vision.client.headingAvailable()))
        await vision.client.dismissHeadingCalibrationDisplay()
        #expect(vision.ios.calls.isEmpty)

        // A compass needs no authorization: the client passes on what Core Location keeps, and adds no rule of its own.
        let denied = Harness(status: .denied)
        var magneticOnly = heading
        magneticOnly.trueHeading = nil
        denied.ios.heading = magneticOnly
        #expect(await denied.client.heading() == magneticOnly)
    }

    @Test("monitoredRegions comes from Core Location, and a region kept from an earlier launch delivers its events")
    func monitoredRegions() async throws {
        let home = Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
        let harness = Harness(status: .authorizedAlways, monitoredRegions: [home])
        #expect(await harness.client.monitoredRegions() == [home])
        #expect(await harness.client.maximumRegionMonitoringDistance() == 200_000)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        harness.ios.send(.didEnterRegion("home"))
        #expect(await events.next() == .didEnterRegion(home))
        let work = Region(identifier: "work", center: deviceFix().coordinate, radius: 200)
        try await harness.client.startMonitoring(work)
        #expect(await harness.client.monitoredRegions() == [home, work])
    }

    @Test("Region limits: a 21st region and a radius beyond the device's largest throw regionMonitoringFailure")
    func regionLimits() async throws {
        let harness = Harness(status: .authorizedAlways)
        for index in 0..<20 {
            try await harness.client.startMonitoring(
                Region(identifier: "r\(index)", center: deviceFix().coordinate, radius: 100)
            )
        }
        let extra = Region(identifier: "r20", center: deviceFix().coordinate, radius: 100)
        let tooMany = await #expect(throws: LocationError.self) { try await harness.client.startMonitoring(extra) }
        #expect(tooMany?.code == .regionMonitoringFailure)
        #expect(tooMany?.description.contains("20") == true)
        // Monitoring one already monitored again is not a 21st.
        try await harness.client.startMonitoring(Region(identifier: "r0", center: deviceFix().coordinate, radius: 150))
        #expect(harness.ios.monitoredRegions.count == 20)

        let large = Harness(status: .authorizedAlways)
        large.ios.maximumRegionMonitoringDistance = 1_000
        let wide = Region(identifier: "city", center: deviceFix().coordinate, radius: 1_001)
        let tooWide = await #expect(throws: LocationError.self) { try await large.client.startMonitoring(wide) }
        #expect(tooWide?.code == .regionMonitoringFailure)
        #expect(large.ios.monitoredRegions.isEmpty)
    }

    @Test("Core Location's later monitoring failure: kCLErrorRegionMonitoringFailure is regionMonitoringFailure")
    func laterMonitoringFailureKeepsItsCode() async throws {
        let harness = Harness(status: .authorizedAlways)
        try await harness.client.startMonitoring(
            Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
        )
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        harness.ios.send(.monitoringDidFail(regionIdentifier: "home", ManagerError(code: 5, message: "limit")))
        guard case .didFailWithError(let failure)? = await events.next() else {
            Issue.record("no error event for the failure")
            return
        }
        #expect(failure.code == .regionMonitoringFailure)
        harness.ios.send(.monitoringDidFail(regionIdentifier: nil, ManagerError(code: 4, message: "denied")))
        guard case .didFailWithError(let denied)? = await events.next() else {
            Issue.record("no error event for the denial")
            return
        }
        #expect(denied.code == .regionMonitoringUnavailable)
    }

    @Test("authorizationSnapshot reflects the manager after a change, without waiting")
    func authorizationSnapshot() async throws {
        let harness = Harness()
        #expect(await harness.client.authorization().status == .notDetermined)
        #expect(harness.client.authorizationSnapshot().status == .notDetermined)
        harness.ios.settings(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        #expect(
            harness.client.authorizationSnapshot()
                == Authorization(
                    status: .authorizedWhenInUse,
                    accuracy: .reducedAccuracy
                )
        )
    }

    @Test(
        "Emulated service session: When In Use from not determined asks for it; denied after Don't Allow; invalidate ends it"
    )
    func emulatedServiceSession() async throws {
        let harness = Harness()
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        await harness.yield { harness.ios.prompt == .whenInUse }
        #expect(harness.ios.calls == ["requestWhenInUseAuthorization"])
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.authorizationRequestInProgress])
        harness.ios.answer(.dontAllow)
        #expect(await diagnostics.next() == [.authorizationDenied])
        await session.invalidate()
        #expect(await diagnostics.next() == nil)
        #expect(harness.adapter.sessions.isEmpty)
    }

    @Test("Emulated service session: asks again when the app is in use again after an Allow Once grant lapsed")
    func emulatedServiceSessionAsksOnce() async throws {
        let harness = Harness()
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowOnce(precise: true))
        #expect(await harness.client.authorization().status == .authorizedWhenInUse)
        // Allow Once lapses in the background; back in the foreground the session asks again.
        harness.enterBackground()
        harness.ios.settings(status: .notDetermined)
        #expect(harness.ios.calls == ["requestWhenInUseAuthorization"])
        harness.ios.isForeground = true
        harness.adapter.appWillEnterForeground()
        harness.adapter.appDidBecomeActive()
        await harness.yield { harness.ios.prompt == .whenInUse }
        #expect(harness.ios.calls == ["requestWhenInUseAuthorization", "requestWhenInUseAuthorization"])
        await session.invalidate()
    }

    @Test(
        "Real service session: the adapter starts a CLServiceSession, forwards its diagnostics, stops it on invalidate"
    )
    func realServiceSession() async throws {
        let harness = Harness()
        harness.ios.hasServiceSessions = true
        let session = await harness.client.startServiceSession(
            authorization: .always,
            fullAccuracyPurposeKey: "Navigation"
        )
        #expect(harness.ios.serviceSessions.count == 1)
        let (token, started) = try #require(harness.ios.serviceSessions.first)
        #expect(started.0 == .always)
        #expect(started.1 == "Navigation")
        var diagnostics = session.diagnostics().makeAsyncIterator()
        _ = await diagnostics.next()  // the set that holds at once
        let receive = try #require(harness.ios.serviceSessionReceivers[token])
        receive([.authorizationRequestInProgress])
        #expect(await diagnostics.next() == [.authorizationRequestInProgress])
        receive([.alwaysAuthorizationDenied])
        #expect(await diagnostics.next() == [.alwaysAuthorizationDenied])
        // Core Location's session asks; the adapter does not ask for it as well.
        _ = await harness.client.authorization()
        #expect(harness.ios.prompt == nil)
        #expect(harness.ios.calls == ["startServiceSession"])
        await session.invalidate()
        #expect(harness.ios.serviceSessions.isEmpty)
        #expect(harness.ios.calls == ["startServiceSession", "stopServiceSession"])
        #expect(await diagnostics.next() == nil)
    }
}
