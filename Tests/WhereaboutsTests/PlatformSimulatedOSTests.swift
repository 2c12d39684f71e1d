import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The simulated OS per platform: through the client, what a platform lacks is refused as the Core Location adapter
/// refuses it there, and the OS's own interface (the scenarios') follows the same rules.
@Suite(.timeLimit(.minutes(5)))
struct PlatformSimulatedOSTests {
    static let office = Region(identifier: "office", center: Coordinate(latitude: 48.86, longitude: 2.29), radius: 200)

    /// The next event that is an error, skipping the rest.
    static func nextError(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> LocationError? {
        while let event = await events.next() {
            if case .didFailWithError(let error) = event { return error }
        }
        return nil
    }

    @Test
    func theSimulatedOSIsIOSUnlessToldOtherwise() async {
        let harness = await EngineHarness()
        #expect(harness.engine.platform == .iOS)
        #expect(await harness.client.headingAvailable())
    }

    @Test
    func onMacOSAWhenInUseRequestAllowedGivesAuthorizedAlways() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)], platform: .macOS)
        let outcome = try await harness.client.requestWhenInUseAuthorization()
        #expect(outcome.status == .authorizedAlways)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        // Already Always: no upgrade prompt to show.
        let always = try await harness.client.requestAlwaysAuthorization()
        #expect(always.status == .authorizedAlways)
        #expect(always.resolution == .alreadyDetermined)
        #expect(await harness.engine.grantSnapshot.current.decision == .always)
    }

    @Test
    func onMacOSTheAppKeepsReceivingFixesWhenAskedToGoToTheBackground() async throws {
        let harness = await EngineHarness(platform: .macOS)
        await harness.authorize()
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await harness.engine.handle(.background)
        #expect(await harness.engine.appState == .foreground)
        await harness.source.send(fix())
        #expect(try await updates.next()?.location != nil)
    }

    @Test
    func onMacOSThereIsNoCompassAndNoBackgroundActivitySession() async throws {
        let harness = await EngineHarness(platform: .macOS)
        await harness.authorize()
        #expect(!(await harness.client.headingAvailable()))
        #expect(!(await harness.client.startBackgroundSession()))
        #expect(!(await harness.engine.startBackgroundSession()))
        // Background updates need no UIBackgroundModes on a Mac.
        let bare = await EngineHarness(info: UsageDescriptions(whenInUse: "Shows where you are."), platform: .macOS)
        await bare.authorize()
        try await bare.client.setAllowsBackgroundLocationUpdates(true)
        try await bare.engine.setAllowsBackgroundLocationUpdates(true)
    }

    @Test
    func onVisionOSAnAlwaysRequestIsRefusedAsTheAdapterRefusesIt() async throws {
        let harness = await EngineHarness(platform: .visionOS)
        await #expect(throws: LocationError.alwaysAuthorizationUnavailable) {
            try await harness.client.requestAlwaysAuthorization()
        }
        await #expect(throws: LocationError.alwaysAuthorizationUnavailable) {
            try await harness.engine.requestAlwaysAuthorization()
        }
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(await harness.engine.authorization().status == .notDetermined)
    }

    @Test
    func onVisionOSBackgroundUpdatesAreRefused() async throws {
        let harness = await EngineHarness(platform: .visionOS)
        await harness.authorize()
        await #expect(throws: LocationError.backgroundUpdatesUnavailable) {
            try await harness.client.setAllowsBackgroundLocationUpdates(true)
        }
        await #expect(throws: LocationError.backgroundUpdatesUnavailable) {
            try await harness.engine.setAllowsBackgroundLocationUpdates(true)
        }
    }

    @Test
    func onTvOSLiveUpdatesAreRefusedAndAOneShotRequestIsAnswered() async throws {
        let harness = await EngineHarness(platform: .tvOS)
        await harness.authorize()
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        await #expect(throws: LocationError.liveUpdatesUnavailable) { _ = try await updates.next() }
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        #expect(await Self.nextError(&events) == .liveUpdatesUnavailable)
        // The OS's own consumers hear the same.
        let refused = LockedValue<(any Error)?>(nil)
        _ = await harness.engine.addSubscriber(receive: { _ in }, finish: { error in refused.current = error })
        #expect(refused.current as? LocationError == .liveUpdatesUnavailable)

        let answer = Task { try await harness.client.requestLocation() }
        #expect(await harness.waitForLocationRequests())
        await harness.source.send(fix())
        #expect(try await answer.value.coordinate == fix().coordinate)
    }

    @Test
    func onWatchOSARegionIsRefused() async throws {
        let harness = await EngineHarness(platform: .watchOS)
        await harness.authorize(always: true)
        let error = try await #require(throws: LocationError.self) {
            try await harness.client.startMonitoring(Self.office)
        }
        #expect(error.code == .regionMonitoringUnavailable)
        await #expect(throws: LocationError.regionMonitoringUnsupported) {
            try await harness.engine.startMonitoring(Self.office)
        }
        #expect(await harness.engine.monitoredRegions.isEmpty)
        await #expect(throws: LocationError.visitsUnavailable) { try await harness.client.startMonitoringVisits() }
        await #expect(throws: LocationError.visitsUnavailable) { try await harness.engine.startMonitoringVisits() }
        #expect(!(await harness.client.significantLocationChangeMonitoringAvailable()))
    }

    @Test(arguments: [Platform.visionOS, .tvOS])
    func headingIsRefusedWhereThePlatformHasNone(_ platform: Platform) async throws {
        let harness = await EngineHarness(platform: platform)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingHeading()
        #expect(await Self.nextError(&events) == .headingUnavailable)
        #expect(!(await harness.client.headingAvailable()))
    }

    @Test(arguments: [Platform.watchOS, .tvOS])
    func updatesNeverPauseWhereThePlatformHasNoPausing(_ platform: Platform) async throws {
        let harness = await EngineHarness(platform: platform)
        try await harness.client.set(
            LocationProperties.Change(pausesLocationUpdatesAutomatically: true, showsBackgroundLocationIndicator: true)
        )
        try await harness.engine.set(
            LocationProperties.Change(pausesLocationUpdatesAutomatically: true, showsBackgroundLocationIndicator: true)
        )
        #expect(await harness.client.properties().pausesLocationUpdatesAutomatically == false)
        #expect(await harness.engine.properties.pausesLocationUpdatesAutomatically == false)
        #expect(await harness.engine.properties.showsBackgroundLocationIndicator == false)
    }
}
