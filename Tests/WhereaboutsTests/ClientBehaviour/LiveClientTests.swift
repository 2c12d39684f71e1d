#if WHEREABOUTS_LIVE_BEHAVIOUR
import CoreLocation
import Foundation
import Testing
import WhereaboutsCoreLocation
import WhereaboutsTesting

@testable import Whereabouts

/// What only the live client has: `LocationClient.live()` itself, declarations given by hand, and the delegate
/// callbacks the shared behaviour suite does not reach (region crossings, pauses, a service session's purpose key).
/// Built and run only in the platform flavours of scripts/check-apple.sh.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct LiveClientTests {
    /// The next event that is not a fix or an authorization change.
    static func nextOther(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> LocationEvent? {
        while let event = await events.next(isolation: #isolation) {
            switch event {
            case .didUpdateLocations, .didChangeAuthorization: continue
            default: return event
            }
        }
        return nil
    }

    @Test("live() reads the app's keys from the main bundle: with none there, a request is an error naming the key")
    func liveReadsTheMainBundle() async throws {
        let device = await ClientKind.live.make(authorized: false)
        let client = LocationClient.live()
        let error = await #expect(throws: LocationError.self) { try await client.requestWhenInUseAuthorization() }
        #expect(error?.description.contains(UsageDescriptions.whenInUseKey) == true)
        #expect(await device.promptsShown() == 0)
    }

    @Test("Declarations given by hand: background updates follow the bundle's UIBackgroundModes, not the declarations")
    func handGivenDeclarationsUseTheBundlesBackgroundModes() async throws {
        let device = await ClientKind.live.make(authorized: true)
        _ = device
        let declared = LocationClient.managed(
            LocationClient.liveHolder(
                declarations: ClientKind.allKeys,
                infoDictionary: [UsageDescriptions.backgroundModesKey: ["location"]]
            )
        )
        let undeclared = LocationClient.managed(
            LocationClient.liveHolder(declarations: ClientKind.allKeys, infoDictionary: [:])
        )
        #if WHEREABOUTS_LIVE_VISIONOS
        // visionOS has no background updates at all.
        await #expect(throws: LocationError.self) { try await declared.setAllowsBackgroundLocationUpdates(true) }
        #elseif WHEREABOUTS_LIVE_MACOS
        // A Mac app is not suspended: no background mode is needed.
        try await declared.setAllowsBackgroundLocationUpdates(true)
        try await undeclared.setAllowsBackgroundLocationUpdates(true)
        #else
        try await declared.setAllowsBackgroundLocationUpdates(true)
        #expect(await declared.properties().allowsBackgroundLocationUpdates)
        let error = await #expect(throws: LocationError.self) {
            try await undeclared.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(error?.code == .backgroundModeMissing)
        #endif
    }

    #if !(WHEREABOUTS_LIVE_MACOS || WHEREABOUTS_LIVE_VISIONOS)
    @Test("Relaunched in the background to resume its session, the app starts it again at launch and gets its updates")
    func aBackgroundLaunchResumesTheBackgroundActivitySession() async throws {
        let made = await ClientKind.live.make(status: .authorizedWhenInUse)
        let device = try #require(made as? SimulatedClientUnderTest)
        let os = device.engine
        try await device.client.setAllowsBackgroundLocationUpdates(true)
        #expect(await device.client.startBackgroundSession())
        var running = await device.client.liveUpdates().makeAsyncIterator()
        await device.locateWhenAsked(ClientBehaviourEndpointTests.fix(north: 0, second: 0))
        _ = try await running.next()
        // Not device.terminate(): WatchKit posts no termination notice for the first client to hear.
        await StandInDevice.current?.settle()
        await os.handle(.terminate)
        #expect(await os.launchInBackground(.backgroundActivitySession))

        // The relaunched app: a new launch on the same device, whose launch code makes the live client.
        let holder = await LiveClientHolder.make(os: os, source: device.source)
        let client = LocationClient.managed(holder)
        try await client.setAllowsBackgroundLocationUpdates(true)
        #expect(await client.startBackgroundSession(), "the session of the app's last run resumes at launch")
        var updates = await client.liveUpdates().makeAsyncIterator()
        let fix = ClientBehaviourEndpointTests.fix(north: 100, second: 60)
        await device.locateWhenAsked(fix)
        var update = try await updates.next()
        while update != nil, update?.location == nil { update = try await updates.next() }
        #expect(update?.location?.coordinate == fix.coordinate)
        #expect(update?.diagnostics.contains(.insufficientlyInUse) == false)

        // Once the app has been active, a session ended in the foreground does not start again in the background.
        await client.stopBackgroundSession()
        await os.handle(.foreground)
        #expect(await eventually { holder.adapter.isForeground })
        await os.handle(.background)
        #expect(await eventually { !holder.adapter.isForeground })
        #expect(await client.startBackgroundSession() == false)
    }
    #endif

    #if !(WHEREABOUTS_LIVE_WATCHOS || WHEREABOUTS_LIVE_VISIONOS)
    @Test("A monitored region's crossings reach events() as didEnterRegion and didExitRegion")
    func regionCrossings() async throws {
        let device = await ClientKind.live.make(status: .authorizedAlways)
        let client = device.client
        var events = await client.events().makeAsyncIterator()
        let home = Region(identifier: "home", center: ClientBehaviourEndpointTests.home, radius: 100)
        try await client.startMonitoring(home)
        var updates = await client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await device.deviceFinds(ClientBehaviourEndpointTests.fix(north: 1_000, second: 0))
        await device.deviceFinds(ClientBehaviourEndpointTests.fix(north: 0, second: 60))
        #expect(await Self.nextOther(&events) == .didEnterRegion(home))
        await device.deviceFinds(ClientBehaviourEndpointTests.fix(north: 1_000, second: 120))
        #expect(await Self.nextOther(&events) == .didExitRegion(home))
        await client.stopMonitoring(home)
        #expect(await client.monitoredRegions().isEmpty)
    }
    #endif

    #if !WHEREABOUTS_LIVE_WATCHOS
    @Test("Standing still pauses the live updates and the delegate hears it; starting them again resumes them")
    func pauseAndResume() async throws {
        let device = await ClientKind.live.make(authorized: true)
        let client = device.client
        var events = await client.events().makeAsyncIterator()
        var updates = await client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await device.waitUntilDeviceLocates()
        for second in [0.0, 60, 130] {
            await device.deviceFinds(ClientBehaviourEndpointTests.fix(second: second))
        }
        #expect(await Self.nextOther(&events) == .didPauseLocationUpdates)
        await client.startUpdatingLocation()
        #expect(await Self.nextOther(&events) == .didResumeLocationUpdates)
    }
    #endif

    #if !(WHEREABOUTS_LIVE_VISIONOS || WHEREABOUTS_LIVE_MACOS)
    @Test("A heading that needs calibration shows the display only when the app allows it; dismissing takes it away")
    func headingCalibration() async throws {
        let device = await ClientKind.live.make(authorized: true)
        let client = device.client
        var uncalibrated = ClientBehaviourEndpointTests.heading(90)
        uncalibrated.headingAccuracy = -1
        await client.startUpdatingHeading()
        await device.deviceHeadsWhenAsked(uncalibrated)
        _ = await client.heading()
        #expect(StandInDevice.current?.headingCalibrationShown == false)

        try await client.set(displaysHeadingCalibration: true)
        // Past the heading filter (one degree by default).
        var again = ClientBehaviourEndpointTests.heading(120, second: 1)
        again.headingAccuracy = -1
        await device.deviceHeads(again)
        let shown = await eventually { StandInDevice.current?.headingCalibrationShown == true }
        #expect(shown)
        await client.dismissHeadingCalibrationDisplay()
        #expect(StandInDevice.current?.headingCalibrationShown == false)
    }
    #endif

    @Test("A service session with a full-accuracy purpose key asks for it: the prompt comes up under approximate")
    func serviceSessionWithPurposeKey() async throws {
        let device = await ClientKind.live.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        let session = await client.startServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        #expect(await client.authorization().accuracy == .fullAccuracy)
        await session.invalidate()
        #expect(await device.heldWork() == [])
    }

    #if !(WHEREABOUTS_LIVE_WATCHOS || WHEREABOUTS_LIVE_VISIONOS)
    @Test("A closed CLMonitor answers nothing: no identifiers or records, adds ignored, a finished stream; close again")
    func closedMonitorAnswersNothing() async throws {
        let device = await ClientKind.live.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        let office = MonitorCondition.circularGeographic(
            center: Coordinate(latitude: 52.52, longitude: 13.405),
            radius: 100
        )
        await monitor.add(office, identifier: "office", assuming: .unsatisfied)
        await monitor.close()

        await monitor.add(office, identifier: "park", assuming: .unsatisfied)
        #expect(await monitor.identifiers() == [])
        #expect(await monitor.record(for: "office") == nil)
        for await event in await monitor.events() { Issue.record("\(event) came from a closed monitor") }
        await monitor.close()

        let reopened = try await device.client.openMonitor("places")
        #expect(await reopened.identifiers() == ["office"])
        await reopened.close()
    }
    #endif
}
#endif
