import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// DESIGN rules 6–9: what reaches the app, and when nothing does.
@Suite(.timeLimit(.minutes(5)))
struct DeliveryRuleTests {
    @Test("6: reduced accuracy coarsens every fix and withholds speed, course and altitude")
    func rule6CoarsensAndWithholds() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        let truth = fix()
        await harness.source.send(truth)
        let update = try #require(try await updates.next())
        let location = try #require(update.location)
        let distance = location.coordinate.distance(to: truth.coordinate)
        #expect(distance >= 1_000 && distance <= 20_000)
        #expect(location.speed == nil && location.course == nil && location.altitude == nil)
        #expect(location.verticalAccuracy == nil)
        #expect(location.horizontalAccuracy >= 1_000)
        #expect(update.diagnostics.contains(.accuracyLimited))
    }

    @Test("6: under reduced accuracy at most a few fixes an hour reach the app")
    func rule6RateLimited() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        let updates = await harness.client.liveUpdates()
        for minute in 0..<120 {
            await harness.source.send(fix(48.8584 + Double(minute) * 0.0005, 2.2945, at: Double(minute) * 60))
        }
        #expect(await harness.engine.deliveredCount <= 8)
        #expect(await harness.engine.deliveredCount >= 2)
        _ = updates
    }

    @Test("6: region monitoring is unavailable under reduced accuracy: an error, not silence")
    func rule6NoRegionsWhenReduced() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        let region = Region(identifier: "office", center: Coordinate(latitude: 48.86, longitude: 2.29), radius: 200)
        let error = try await #require(throws: LocationError.self) { try await harness.engine.startMonitoring(region) }
        #expect(error.code == .regionMonitoringUnavailable)
        #expect(await harness.engine.monitoredRegions.isEmpty)
    }

    @Test("6: turning Precise off stops region monitoring with an error event")
    func rule6PreciseOffStopsRegions() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        // Through the client: a region belongs to the location manager that monitors it, and that manager's
        // delegate hears that monitoring ended.
        try await harness.client.startMonitoring(
            Region(
                identifier: "a",
                center: Coordinate(latitude: 0, longitude: 0),
                radius: 50
            )
        )
        await harness.engine.changeSettings(precise: false)
        guard case .didChangeAuthorization(let authorization) = await events.next() else {
            Issue.record("expected an authorization event first")
            return
        }
        #expect(authorization.accuracy == .reducedAccuracy)
        guard case .didFailWithError(let error) = await events.next() else {
            Issue.record("expected the region monitoring failure")
            return
        }
        #expect(error.code == .regionMonitoringUnavailable)
    }

    @Test("6: visits under reduced accuracy carry a coarsened place")
    func rule6VisitsCoarsened() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        try await harness.client.startMonitoringVisits()
        for second in stride(from: 0.0, through: 400, by: 20) { await harness.source.send(fix(at: second)) }
        var visit: Visit?
        while visit == nil, let event = await events.next() {
            if case .didVisit(let found) = event { visit = found }
        }
        let place = try #require(visit)
        #expect(place.coordinate.distance(to: fix().coordinate) >= 1_000)
        #expect(place.departureDate == nil)
    }

    @Test("7: restricted never prompts")
    func rule7RestrictedNeverPrompts() async throws {
        let harness = await EngineHarness(device: DeviceSettings(restricted: true))
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(outcome.status == .restricted)
        #expect(outcome.resolution == .ignored(.restricted))
        let always = try await harness.engine.requestAlwaysAuthorization()
        #expect(always.resolution == .ignored(.restricted))
        #expect(harness.person.prompts.isEmpty)
        #expect(await harness.engine.diagnostics() == [.authorizationRestricted])
    }

    @Test("7: with Location Services off the app reads denied, services disabled, and no prompt")
    func rule7ServicesOff() async throws {
        let harness = await EngineHarness(device: DeviceSettings(servicesEnabled: false))
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(outcome.status == .denied)
        #expect(outcome.resolution == .ignored(.servicesDisabled))
        let authorization = await harness.engine.authorization()
        #expect(authorization.servicesEnabled == false)
        #expect(harness.person.prompts.isEmpty)
        #expect(await harness.engine.diagnostics().contains(.authorizationDeniedGlobally))
    }

    @Test("8: When In Use fixes stop in the background unless background updates are allowed and a session runs")
    func rule8BackgroundNeedsSession() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let updates = await harness.client.liveUpdates()
        await harness.source.send(fix(at: 0))
        #expect(await harness.engine.deliveredCount == 1)
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 1))
        #expect(await harness.engine.deliveredCount == 1)
        #expect(await harness.engine.diagnostics().contains(.insufficientlyInUse))
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        await harness.source.send(fix(at: 2))
        #expect(await harness.engine.deliveredCount == 1, "allowed, but no session")
        await harness.engine.handle(.foreground)
        #expect(await harness.engine.startBackgroundSession())
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 3))
        #expect(await harness.engine.deliveredCount == 2)
        _ = updates
    }

    @Test("8: with Always, background updates continue once allowed, without a session")
    func rule8AlwaysInBackground() async throws {
        let harness = await EngineHarness()
        await harness.authorize(always: true)
        let updates = await harness.client.liveUpdates()
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        await harness.engine.handle(.background)
        await harness.source.send(fix())
        #expect(await harness.engine.deliveredCount == 1)
        _ = updates
    }

    @Test("8: allowing background updates without the location background mode is an error at once")
    func rule8BackgroundModeMissing() async throws {
        var info = UsageDescriptions.complete
        info.backgroundModes = ["audio"]
        let harness = await EngineHarness(info: info)
        let error = try await #require(throws: LocationError.self) {
            try await harness.client.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(error.code == .backgroundModeMissing)
        #expect(error.description.contains("UIBackgroundModes"))
    }

    @Test("9: a Settings change reaches the app as an authorization event")
    func rule9SettingsChangeIsAnEvent() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        var authorizations = await harness.client.authorizationUpdates().makeAsyncIterator()
        #expect(await authorizations.next()?.status == .authorizedWhenInUse)
        await harness.engine.changeSettings(status: .authorizedAlways)
        #expect(await authorizations.next()?.status == .authorizedAlways)
        await harness.engine.changeSettings(precise: false)
        #expect(await authorizations.next()?.accuracy == .reducedAccuracy)
    }

    @Test("9: a revoked grant stops fixes at once: not one fix after the event")
    func rule9RevokeStopsFixes() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let updates = await harness.client.liveUpdates()
        let events = await harness.client.events()
        let feeder = Task {
            for second in 0..<2_000 { await harness.source.send(fix(at: Double(second))) }
        }
        for _ in 0..<50 { await Task.yield() }
        await harness.engine.changeSettings(status: .denied)
        await feeder.value
        // A last Settings change marks the end of the events to read, so the loop below ends even if
        // the revoke event were missing.
        await harness.engine.changeSettings(servicesEnabled: false)
        harness.source.finish()

        var revoked = false
        var fixesAfter = 0
        var fixesBefore = 0
        for try await update in updates {
            if update.authorization.status == .denied { revoked = true }
            if update.location != nil { if revoked { fixesAfter += 1 } else { fixesBefore += 1 } }
            // The stream goes on past the marker while the source has not ended; a client whose updates stopped with
            // the revoke no longer reads the source, and learns of its end only when it starts them again.
            if !update.authorization.servicesEnabled { break }
        }
        #expect(revoked)
        #expect(fixesAfter == 0)
        var eventRevoked = false
        var eventFixesAfter = 0
        var eventFixes = 0
        for await event in events {
            switch event {
            case .didChangeAuthorization(let authorization) where authorization.status == .denied: eventRevoked = true
            case .didUpdateLocations(let locations):
                // Core Location hands over an array: a location manager passes on its batches as they come.
                eventFixes += locations.count
                if eventRevoked { eventFixesAfter += locations.count }
            default: break
            }
            if case .didChangeAuthorization(let authorization) = event, !authorization.servicesEnabled { break }
        }
        #expect(eventRevoked)
        #expect(eventFixesAfter == 0)
        // The events stream received every fix the engine delivered before the revoke but those still on their way
        // to the app's location manager, which the revoke dropped (at most the one batch a manager holds; none
        // when the engine announces each fix itself); the live-updates consumer, which read nothing until the end,
        // at most those: the revoke dropped the fixes still waiting for it.
        let delivered = await harness.engine.deliveredCount
        #expect((0...SimulatedOS.batchLimit).contains(delivered - eventFixes))
        #expect(fixesBefore <= eventFixes)
    }
}
