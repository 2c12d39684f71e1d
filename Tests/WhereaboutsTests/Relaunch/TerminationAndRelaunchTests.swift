import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Termination ends what lives in the app's process and keeps what iOS keeps; a region crossing, a visit, a
/// significant change or a background activity session to resume relaunches the terminated app in the background, and
/// the event reaches it only through a location manager it makes at launch, within the OS's relaunch window.
@Suite(.timeLimit(.minutes(5)))
struct TerminationAndRelaunchTests {
    @Test func terminateThenARegionExitRelaunchesTheAppInTheBackgroundAndItsNewManagerReceivesTheExit() async throws {
        let app = await RelaunchHarness()
        await app.appMakesItsManagerAtLaunch()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix())

        await app.os.handle(.terminate)
        await app.deviceMoves(to: fix(48.8700))
        await app.os.settleLaunch()

        #expect(await app.os.appState == .background)
        #expect(await app.os.launchReason == .regionExit)
        let launched = try #require(app.launched.current)
        #expect(launched.reason == .regionExit)
        var events = launched.events.makeAsyncIterator()
        guard case .didChangeAuthorization? = await events.next() else {
            Issue.record("no authorization first")
            return
        }
        #expect(await events.next() == .didExitRegion(RelaunchHarness.home))
        #expect(await app.os.launchEventFate == .delivered)
    }

    @Test func terminateThenARegionEntryRelaunchesTheAppWithRegionEntry() async throws {
        let app = await RelaunchHarness()
        await app.appMakesItsManagerAtLaunch()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix(48.8700))

        await app.os.handle(.terminate)
        await app.deviceMoves(to: fix())
        await app.os.settleLaunch()

        #expect(await app.os.launchReason == .regionEntry)
        var events = try #require(app.launched.current).events.makeAsyncIterator()
        _ = await events.next()
        #expect(await events.next() == .didEnterRegion(RelaunchHarness.home))
    }

    @Test func terminateThenAVisitRelaunchesTheAppAndItsNewManagerReceivesTheVisitWithoutStartingVisitsAgain()
        async throws
    {
        let app = await RelaunchHarness()
        await app.appMakesItsManagerAtLaunch()
        try await app.first.startMonitoringVisits()
        await app.deviceMoves(to: fix(at: 0))

        await app.os.handle(.terminate)
        await app.deviceMoves(to: fix(at: 61))
        await app.os.settleLaunch()

        #expect(await app.os.launchReason == .visit)
        var events = try #require(app.launched.current).events.makeAsyncIterator()
        _ = await events.next()
        guard case .didVisit(let visit)? = await events.next() else {
            Issue.record("the visit did not arrive")
            return
        }
        #expect(visit.departureDate == nil)
    }

    @Test func terminateThenASignificantChangeRelaunchesTheAppAndTheChangeArrivesOnceItStartsTheServiceAgain()
        async throws
    {
        let app = await RelaunchHarness()
        let os = app.os
        let launched = app.launched
        await os.onLaunch { reason in
            let client = LocationClient.simulated(os: os, source: ScriptedSource())
            let events = await client.events()
            // Apple: "Upon relaunch, you must still configure a location manager object and call this method".
            await client.startMonitoringSignificantLocationChanges()
            launched.current = .init(reason: reason, client: client, events: events, resumedSession: nil)
        }
        await app.first.startMonitoringSignificantLocationChanges()
        await app.deviceMoves(to: fix(at: 0))

        await app.os.handle(.terminate)
        let moved = fix(48.8700, at: 400)
        await app.deviceMoves(to: moved)
        await app.os.settleLaunch()

        #expect(await app.os.launchReason == .significantLocationChange)
        var events = try #require(app.launched.current).events.makeAsyncIterator()
        _ = await events.next()
        guard case .didUpdateLocations(let locations)? = await events.next() else {
            Issue.record("the significant change did not arrive")
            return
        }
        #expect(locations.last?.coordinate == moved.coordinate)
        #expect(await app.os.launchEventFate == .delivered)
    }

    @Test func aBackgroundActivitySessionActiveAtTerminationRelaunchesTheAppWhichResumesItInTheBackground()
        async throws
    {
        let app = await RelaunchHarness(status: .authorizedWhenInUse)
        await app.appMakesItsManagerAtLaunch(resumingSession: true)
        #expect(await app.first.startBackgroundSession())
        try await app.first.setAllowsBackgroundLocationUpdates(true)
        let updates = await app.first.liveUpdates()
        await app.deviceMoves(to: fix(at: 0))
        await app.os.handle(.background)

        await app.os.handle(.terminate)
        for try await _ in updates {}
        await app.deviceMoves(to: fix(at: 5))
        await app.os.settleLaunch()

        #expect(await app.os.launchReason == .backgroundActivitySession)
        #expect(app.launched.current?.resumedSession == true)
        // The manager's calls reach the OS on a queue of their own.
        #expect(await eventually { await app.os.isBackgroundSessionActive })
        #expect(await eventually { await !app.os.diagnostics().contains(.insufficientlyInUse) })
    }

    @Test func anAppThatDoesNotResumeItsSessionAtLaunchGetsNoUpdatesAndInsufficientlyInUse() async throws {
        let app = await RelaunchHarness(status: .authorizedWhenInUse)
        let os = app.os
        let launched = app.launched
        await os.onLaunch { reason in
            // The launch code makes its manager and asks for updates, but never re-takes the session.
            let client = LocationClient.simulated(os: os, source: ScriptedSource())
            let events = await client.events()
            launched.current = .init(reason: reason, client: client, events: events, resumedSession: nil)
        }
        #expect(await app.first.startBackgroundSession())
        try await app.first.setAllowsBackgroundLocationUpdates(true)
        let running = await app.first.liveUpdates()
        await app.deviceMoves(to: fix(at: 0))
        await app.os.handle(.background)
        await app.os.handle(.terminate)
        for try await _ in running {}
        await app.deviceMoves(to: fix(at: 5))
        await app.os.settleLaunch()
        #expect(await app.os.launchReason == .backgroundActivitySession)

        await app.clock.advance(by: app.os.options.relaunchWindow)

        #expect(await !app.os.isBackgroundSessionActive)
        #expect(await app.os.diagnostics().contains(.insufficientlyInUse))
        // Too late: a session started from the background now does not become active.
        let client = try #require(app.launched.current).client
        #expect(await client.startBackgroundSession() == false)
        var updates = await client.liveUpdates().makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.location == nil)
        #expect(first?.diagnostics.contains(.insufficientlyInUse) == true)
        #expect(await app.os.deliveredCount == 1, "only the fix of the first run")
    }

    @Test func theEventIsLostWhenTheRelaunchedAppMakesNoManagerWithinTheWindow() async throws {
        let app = await RelaunchHarness()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix())
        await app.os.handle(.terminate)
        await app.deviceMoves(to: fix(48.8700))
        #expect(await app.os.launchReason == .regionExit)
        #expect(await app.os.launchEventFate == .waiting)

        await app.clock.advance(by: app.os.options.relaunchWindow)

        #expect(await app.os.launchEventFate == .lost)
        let late = LocationClient.simulated(os: app.os, source: ScriptedSource())
        var events = await late.events().makeAsyncIterator()
        _ = await events.next()
        // A later authorization change comes through, the exit never.
        await app.os.changeSettings(status: .authorizedWhenInUse)
        while let event = await events.next() {
            if case .didExitRegion = event {
                Issue.record("the lost exit reached a manager made too late")
                return
            }
            if case .didChangeAuthorization = event { break }
        }
    }

    @Test func aWhenInUseAppIsNotRelaunchedByARegionCrossing() async throws {
        let app = await RelaunchHarness(status: .authorizedWhenInUse)
        await app.appMakesItsManagerAtLaunch()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix())
        await app.os.handle(.terminate)
        await app.deviceMoves(to: fix(48.8700))
        await app.os.settleLaunch()

        #expect(await app.os.appState == .notRunning)
        #expect(await app.os.launchReason == nil)
        #expect(app.launched.current == nil)
        #expect(await app.os.launchInBackground(.regionExit) == false)
    }

    @Test func terminationEndsTheProcessAndKeepsTheGrantRegionsMonitorsAndTheAlwaysAskedFlag() async throws {
        let app = await RelaunchHarness(
            status: .notDetermined,
            answers: [.allowWhileUsing(precise: true), .changeToAlways]
        )
        _ = try await app.first.requestWhenInUseAuthorization()
        _ = try await app.first.requestAlwaysAuthorization()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.first.startMonitoringSignificantLocationChanges()
        try await app.first.startMonitoringVisits()
        let session = await app.first.startServiceSession(.always, nil)
        #expect(await app.first.startBackgroundSession())
        let events = await app.first.events()
        let authorizations = await app.first.authorizationUpdates()
        let updates = await app.first.liveUpdates()
        let grant = await app.os.currentGrant
        #expect(grant.alwaysPromptShown)
        // The manager's calls reach the OS on a queue of their own.
        #expect(await eventually { await app.os.isBackgroundSessionActive })
        #expect(await eventually { await app.os.serviceSessionCount == 1 })

        await app.os.handle(.terminate)

        // What lived in the process ends: each stream finishes rather than waiting for what never comes.
        for await _ in events {}
        for await _ in authorizations {}
        for try await _ in updates {}
        for await _ in session.diagnostics() {}
        #expect(await app.os.serviceSessionCount == 0)
        #expect(await !app.os.isBackgroundSessionActive)
        // What the system keeps stays.
        #expect(await app.os.currentGrant == grant)
        #expect(await app.os.authorization().status == .authorizedAlways)
        #expect(await app.os.monitoredRegions == [RelaunchHarness.home])
        #expect(await app.os.significantChangesActive)
        #expect(await app.os.visitsActive)
        #expect(await app.os.policy.resumableBackgroundSession)
    }

    @Test func aClientOfTheEndedProcessReachesNothingAndWaitsForNothing() async throws {
        let app = await RelaunchHarness()
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix())
        // A client made before the termination and first used after it belongs to the ended process all the same.
        let madeBefore = LocationClient.simulated(os: app.os, source: ScriptedSource())
        await app.os.handle(.terminate)
        await app.os.handle(.launch)
        await app.os.settleLaunch()

        // The person launched the app again; a client kept from before the termination belongs to a process that is
        // gone: what it asks for changes nothing on the OS...
        let work = Region(identifier: "work", center: Coordinate(latitude: 48.8700, longitude: 2.3000), radius: 200)
        try? await app.first.startMonitoring(work)
        await app.first.stopMonitoring(RelaunchHarness.home)
        try? await app.first.setAllowsBackgroundLocationUpdates(true)
        _ = await app.first.startBackgroundSession()
        await app.first.startMonitoringSignificantLocationChanges()
        let session = await app.first.startServiceSession(.always, nil)
        await app.first.startUpdatingLocation()
        try? await madeBefore.startMonitoring(work)
        await madeBefore.startMonitoringSignificantLocationChanges()
        // ...and what it waits for ends, rather than waiting for what never comes.
        for try await _ in await app.first.liveUpdates() {}
        for try await _ in await madeBefore.liveUpdates() {}
        for await _ in await madeBefore.events() {}
        await #expect(throws: LocationError.self) { try await madeBefore.requestLocation() }
        await #expect(throws: LocationError.self) { try await app.first.requestLocation() }
        for await _ in session.diagnostics() {}
        #expect(await app.os.monitoredRegions == [RelaunchHarness.home])
        #expect(await !app.os.isBackgroundSessionActive)
        #expect(await !app.os.significantChangesActive)
        #expect(await app.os.serviceSessionCount == 0)
        #expect(await app.os.standardConsumerKeys.isEmpty)

        // A client the new launch makes reaches the OS.
        let client = LocationClient.simulated(os: app.os, source: ScriptedSource())
        try await client.startMonitoring(work)
        #expect(await eventually { await app.os.monitoredRegions == [RelaunchHarness.home, work] })
    }

    @Test func theAppsLaunchCodeRunsAtEachLaunchWithItsReason() async throws {
        let app = await RelaunchHarness()
        let reasons = LockedValue<[LaunchReason?]>([])
        await app.os.onLaunch { reason in reasons.update { $0.append(reason) } }
        try await app.first.startMonitoring(RelaunchHarness.home)
        await app.deviceMoves(to: fix())
        await app.os.handle(.terminate)
        await app.os.handle(.launch)
        await app.os.settleLaunch()
        await app.os.handle(.terminate)
        #expect(await app.os.launchInBackground(.regionEntry))
        await app.os.settleLaunch()

        #expect(reasons.current == [nil, .regionEntry])
        #expect(await app.os.appState == .background)
        #expect(await app.os.launchInBackground(.regionExit) == false, "the app runs already")
    }
}
