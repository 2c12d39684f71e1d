import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What reaches the app from Core Location's callbacks: events, live updates with diagnostics, one-shot
/// locations, and nothing after a revoke.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientDeliveryTests {
    @Test("Temporary full accuracy: allowed, then marked temporary")
    func temporaryAllowed() async throws {
        let harness = Harness(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let request = Task { try await harness.client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        await harness.yield { harness.ios.prompt == .temporaryFullAccuracy }
        harness.ios.answer(.allowPrecise)
        let outcome = try await request.value
        #expect(outcome == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .answered(.allowPrecise)))
        #expect(await harness.client.authorization().isFullAccuracyTemporary)
    }

    @Test(
        "Temporary full accuracy: a decline is not an error, and the completion resumes once",
        arguments: [
            false, true,
        ]
    )
    func temporaryDeclined(completesTwice: Bool) async throws {
        let harness = Harness(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        harness.ios.completesTwice = completesTwice
        let request = Task { try await harness.client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        await harness.yield { harness.ios.prompt == .temporaryFullAccuracy }
        harness.ios.answer(.dontAllowPrecise)
        let outcome = try await request.value
        #expect(outcome == AccuracyOutcome(accuracy: .reducedAccuracy, resolution: .answered(.dontAllowPrecise)))
        #expect(harness.adapter.diagnostics().isSuperset(of: [.accuracyLimited, .fullAccuracyDenied]))
    }

    @Test("Temporary full accuracy: already full, unknown key, not authorized")
    func temporaryEdges() async throws {
        let full = Harness(status: .authorizedWhenInUse)
        let outcome = try await full.client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(outcome.resolution == .alreadyDetermined)
        #expect(full.ios.calls.isEmpty)

        let reduced = Harness(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let unknown = await #expect(throws: LocationError.self) {
            try await reduced.client.requestTemporaryFullAccuracy(purposeKey: "Ads")
        }
        #expect(unknown?.code == .missingTemporaryPurposeKey)

        let notAsked = Harness(accuracy: .reducedAccuracy)
        let error = await #expect(throws: LocationError.self) {
            try await notAsked.client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        }
        #expect(error?.code == .notAuthorized)
    }

    @Test(
        "Temporary full accuracy: a prompt Core Location did not show (kCLErrorPromptDeclined) is not the person declining"
    )
    func temporaryPromptNotShown() async throws {
        // The client was given declarations that list the purpose key; the Info.plist Core Location reads does not.
        var infoPlist = Harness.allKeys
        infoPlist.temporaryPurposes = [:]
        let harness = Harness(
            status: .authorizedWhenInUse,
            accuracy: .reducedAccuracy,
            infoPlist: infoPlist,
            clientDeclarations: Harness.allKeys
        )
        let error = await #expect(throws: LocationError.self) {
            try await harness.client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        }
        #expect(harness.ios.calls == ["requestTemporaryFullAccuracyAuthorization(Navigation)"])
        #expect(error?.description.contains("\"Navigation\"") == true)
        #expect(error?.description.contains("Info.plist") == true)
        #expect(!harness.adapter.diagnostics().contains(.fullAccuracyDenied), "nobody declined")
        #expect(!harness.adapter.policy.fullAccuracyDeclined)
    }

    @Test(
        "Temporary full accuracy: asked as the app leaves the foreground, the prompt not shown is ignored, not declined"
    )
    func temporaryPromptNotShownInTheBackground() async throws {
        let harness = Harness(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        // The app is in the background for Core Location; the client hears of it just after asking.
        harness.ios.isForeground = false
        harness.ios.answersAfterBackground = { harness.adapter.appDidEnterBackground() }
        let outcome = try await harness.client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(outcome == AccuracyOutcome(accuracy: .reducedAccuracy, resolution: .ignored(.notInForeground)))
        #expect(!harness.adapter.diagnostics().contains(.fullAccuracyDenied), "nobody declined")
    }

    @Test("requestLocation: one fix completes every pending request")
    func requestLocation() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let first = Task { try await harness.client.requestLocation() }
        let second = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.calls.filter { $0 == "requestLocation" }.count == 2 }
        harness.ios.send(.didUpdateLocations([deviceFix(0), deviceFix(1)]))
        harness.ios.send(.didUpdateLocations([deviceFix(2)]))
        #expect(try await first.value == deviceFix(1))
        #expect(try await second.value == deviceFix(1))
    }

    @Test("requestLocation: not authorized, no fix, revoked while waiting, cancelled")
    func requestLocationFailures() async throws {
        let notAsked = Harness()
        await #expect(throws: LocationError.notAuthorized(.notDetermined)) {
            try await notAsked.client.requestLocation()
        }

        let harness = Harness(status: .authorizedWhenInUse)
        let noFix = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.calls.contains("requestLocation") }
        harness.ios.send(.didFailWithError(ManagerError(code: ManagerError.locationUnknown, message: "no fix")))
        let unavailable = await #expect(throws: LocationError.self) { try await noFix.value }
        #expect(unavailable?.code == .locationUnavailable)

        let revoked = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.calls.filter { $0 == "requestLocation" }.count == 2 }
        harness.ios.settings(status: .denied)
        await #expect(throws: LocationError.notAuthorized(.denied)) { try await revoked.value }

        harness.ios.settings(status: .authorizedWhenInUse)
        let cancelled = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.calls.filter { $0 == "requestLocation" }.count == 3 }
        cancelled.cancel()
        await #expect(throws: LocationError.cancelled) { try await cancelled.value }
    }

    @Test("Live updates: diagnostics first, then fixes; not one fix after a revoke")
    func liveUpdatesAndRevoke() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.location == nil)
        #expect(first?.authorization.status == .authorizedWhenInUse)
        #expect(harness.ios.isUpdatingLocation)

        harness.ios.send(.didUpdateLocations([deviceFix(0)]))
        #expect(try await updates.next()?.location == deviceFix(0))
        harness.ios.settings(status: .denied)
        harness.ios.send(.didUpdateLocations([deviceFix(1)]))
        harness.ios.settings(status: .authorizedWhenInUse)
        harness.ios.send(.didUpdateLocations([deviceFix(2)]))

        let revoked = try await updates.next()
        #expect(revoked?.location == nil)
        #expect(revoked?.diagnostics == [.authorizationDenied])
        #expect(try await updates.next()?.location == nil)
        #expect(try await updates.next()?.location == deviceFix(2))
    }

    @Test("Core Location updates run only while someone listens and the app is authorized")
    func demand() async throws {
        let harness = Harness()
        let consumer = Task {
            for try await _ in await harness.client.liveUpdates() {}
        }
        await harness.yield { harness.adapter.updateSubscribers.count == 1 }
        #expect(!harness.ios.isUpdatingLocation)
        harness.ios.settings(status: .authorizedWhenInUse)
        #expect(harness.ios.isUpdatingLocation)
        consumer.cancel()
        await harness.yield { !harness.ios.isUpdatingLocation }
    }

    @Test("Region monitoring: an error under reduced accuracy; regions end when precision is turned off")
    func regions() async throws {
        let region = Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
        let reduced = Harness(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let error = await #expect(throws: LocationError.self) { try await reduced.client.startMonitoring(region) }
        #expect(error?.code == .regionMonitoringUnavailable)

        let harness = Harness(status: .authorizedAlways)
        try await harness.client.startMonitoring(region)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        harness.ios.send(.didEnterRegion("home"))
        #expect(await events.next() == .didEnterRegion(region))
        harness.ios.settings(accuracy: .reducedAccuracy)
        _ = await events.next()
        guard case .didFailWithError(let failure)? = await events.next() else {
            Issue.record("no region monitoring error after precision was turned off")
            return
        }
        #expect(failure.code == .regionMonitoringUnavailable)
        #expect(harness.ios.monitoredRegions.isEmpty)
        harness.ios.send(.didExitRegion("home"))
        harness.ios.send(.didPauseLocationUpdates)
        #expect(await events.next() == .didPauseLocationUpdates)
    }

    @Test("Background updates without the location background mode throw instead of crashing as iOS would")
    func backgroundModeMissing() async throws {
        let harness = Harness(
            status: .authorizedAlways,
            infoPlist: UsageDescriptions(whenInUse: "Map.", always: "Trips.")
        )
        await #expect(throws: LocationError.backgroundModeMissing) {
            try await harness.client.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(!harness.ios.allowsBackgroundLocationUpdates)

        let declared = Harness(status: .authorizedWhenInUse)
        try await declared.client.setAllowsBackgroundLocationUpdates(true)
        #expect(declared.ios.allowsBackgroundLocationUpdates)
        #expect(await declared.client.startBackgroundSession())
        await declared.client.stopBackgroundSession()
        #expect(declared.ios.backgroundSessions == 0)
    }

    @Test(
        "A background session runs only as Core Location activates one: authorized, location in UIBackgroundModes, in the foreground"
    )
    func backgroundSessionActivationConditions() async throws {
        let undeclared = Harness(status: .authorizedWhenInUse, infoPlist: UsageDescriptions(whenInUse: "Map."))
        #expect(await !undeclared.client.startBackgroundSession(), "no location background mode")
        #expect(undeclared.ios.backgroundSessions == 0)

        let notAuthorized = Harness(status: .denied)
        #expect(await !notAuthorized.client.startBackgroundSession(), "no effective authorization")

        let background = Harness(status: .authorizedWhenInUse, applicationState: .background)
        #expect(await !background.client.startBackgroundSession(), "a new session needs the foreground")
        #expect(background.adapter.diagnostics().contains(.insufficientlyInUse))

        let ready = Harness(status: .authorizedWhenInUse)
        #expect(await ready.client.startBackgroundSession())
        #expect(ready.ios.backgroundSessions == 1)
        // Once running, it keeps running in the background, and asking again there changes nothing.
        ready.enterBackground()
        #expect(await ready.client.startBackgroundSession())
        #expect(ready.ios.backgroundSessions == 1)
    }

    @Test("The current authorization reaches a new subscriber at once, then each change")
    func authorizationUpdates() async throws {
        let harness = Harness()
        var updates = await harness.client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.status == .notDetermined)
        harness.ios.settings(status: .authorizedAlways, accuracy: .reducedAccuracy)
        #expect(await updates.next() == Authorization(status: .authorizedAlways, accuracy: .reducedAccuracy))
    }
}
