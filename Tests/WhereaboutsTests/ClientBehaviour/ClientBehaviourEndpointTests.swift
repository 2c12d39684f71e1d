import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Every endpoint of ``LocationClient`` through both clients, each checked against what iOS does with the
/// `CLLocationManager` call it stands for.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClientBehaviourEndpointTests {
    static let home = Coordinate(latitude: 52.52, longitude: 13.405)

    static func fix(north metres: Double = 0, second: Double = 0) -> Location {
        Location(
            coordinate: Coordinate(latitude: home.latitude + metres / 111_195, longitude: home.longitude),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    static func heading(_ degrees: Double, second: Double = 0) -> Heading {
        Heading(
            magneticHeading: degrees,
            trueHeading: degrees + 3,
            headingAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    /// Reads updates until one carries a location, and returns it (`nil` if the stream ends first).
    static func nextLocation(
        _ updates: inout AsyncThrowingStream<LocationUpdate, any Error>.Iterator
    ) async throws -> Location? {
        while let update = try await updates.next(isolation: #isolation) {
            if let location = update.location { return location }
        }
        return nil
    }

    /// Reads events until the next `didUpdateLocations`, skipping authorization changes, and returns its last
    /// location; `nil` for another event first.
    static func nextLocation(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> Location? {
        while let event = await events.next(isolation: #isolation) {
            switch event {
            case .didChangeAuthorization: continue
            case .didUpdateLocations(let locations): return locations.last
            default: return nil
            }
        }
        return nil
    }

    /// Reads events until the next authorization change, and returns it; fails the test on any other event first
    /// (a location, a heading: something that should not have reached the app).
    static func nextAuthorization(
        _ events: inout AsyncStream<LocationEvent>.Iterator,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Authorization? {
        while let event = await events.next(isolation: #isolation) {
            if case .didChangeAuthorization(let authorization) = event { return authorization }
            Issue.record("\(event) reached the app before the authorization change", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test(
        "authorizationUpdates: the current authorization at once, then each Settings change",
        arguments: ClientKind.allCases
    )
    func authorizationUpdatesFollowSettings(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        var updates = await client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.status == .notDetermined)

        await device.changeSettings(status: .authorizedWhenInUse, precise: false)
        let granted = try #require(await updates.next())
        #expect(granted.status == .whenInUseAsReported)
        #expect(granted.accuracy == .reducedAccuracy)

        await device.changeSettings(status: nil, precise: true)
        #expect(await updates.next()?.accuracy == .fullAccuracy)
        #expect(await client.authorization() == Authorization(status: .whenInUseAsReported, accuracy: .fullAccuracy))
        #expect(client.authorizationSnapshot().accuracy == .fullAccuracy)
    }

    @Test("set changes only the settings given, and properties reads them back", arguments: ClientKind.allCases)
    func setThenProperties(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let before = await client.properties()

        try await client.set(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))
        try await client.set(activityType: .fitness)

        var expected = before
        expected.desiredAccuracy = .hundredMeters
        expected.distanceFilter = 50
        expected.activityType = .fitness
        #expect(await client.properties() == expected)
        #expect(await device.heldWork() == [])
    }

    @Test(
        "Background updates: allowed with the location background mode and read back; without it an error, nothing set",
        arguments: ClientKind.allCases
    )
    func backgroundUpdatesFlag(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        try await client.setAllowsBackgroundLocationUpdates(true)
        #expect(await client.properties().allowsBackgroundLocationUpdates)
        try await client.setAllowsBackgroundLocationUpdates(false)
        #expect(await client.properties().allowsBackgroundLocationUpdates == false)

        var noMode = ClientKind.allKeys
        noMode.backgroundModes = []
        let other = await kind.make(declarations: noMode, status: .authorizedWhenInUse)
        let undeclared = other.client
        #if WHEREABOUTS_LIVE_MACOS
        // A Mac app is not suspended in the background, and its Core Location asks for no background mode.
        try await undeclared.setAllowsBackgroundLocationUpdates(true)
        #expect(await undeclared.properties().allowsBackgroundLocationUpdates)
        #else
        let error = await #expect(throws: LocationError.self) {
            try await undeclared.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(error?.code == .backgroundModeMissing)
        #expect(await undeclared.properties().allowsBackgroundLocationUpdates == false)
        #endif
        #expect(await other.heldWork() == [])
        #expect(await device.heldWork() == [])
    }

    @Test(
        "A background session keeps When In Use fixes coming in the background; once it stops, none reach the app",
        arguments: ClientKind.allCases
    )
    func backgroundSession(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        try await client.setAllowsBackgroundLocationUpdates(true)
        #if WHEREABOUTS_LIVE_MACOS
        // macOS has no CLBackgroundActivitySession (a Mac app is not suspended, and needs none).
        #expect(await client.startBackgroundSession() == false)
        #else
        #expect(await client.startBackgroundSession())
        var updates = await client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.location == nil)

        await device.enterBackground()
        await device.locateWhenAsked(Self.fix())
        #expect(try await Self.nextLocation(&updates)?.coordinate == Self.fix().coordinate)

        await client.stopBackgroundSession()
        await device.deviceFinds(Self.fix(north: 100, second: 10))
        var fresh = await client.liveUpdates().makeAsyncIterator()
        let now = try #require(try await fresh.next())
        #expect(now.diagnostics.contains(.insufficientlyInUse))

        await device.enterForeground()
        await device.locateWhenAsked(Self.fix(north: 200, second: 20))
        #expect(try await Self.nextLocation(&updates)?.coordinate == Self.fix(north: 200).coordinate)
        #endif
    }

    @Test(
        "Location Services off: locationServicesEnabled is false and the app reads denied; on again, the grant is back",
        arguments: ClientKind.allCases
    )
    func locationServicesSwitch(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        #expect(await client.locationServicesEnabled())

        await device.switchLocationServices(on: false)
        #expect(await client.locationServicesEnabled() == false)
        let off = await client.authorization()
        #expect(off.status == .denied)
        #expect(off.servicesEnabled == false)

        await device.switchLocationServices(on: true)
        #expect(await client.locationServicesEnabled())
        #expect(await client.authorization().status == .whenInUseAsReported)
    }

    @Test(
        "location() is nil before a fix, the fix after one, and nil again after a revoke",
        arguments: ClientKind.allCases
    )
    func lastLocation(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        #expect(await client.location() == nil)

        let request = Task { try await client.requestLocation() }
        await device.locateWhenAsked(Self.fix())
        _ = try await request.value
        #expect(await client.location()?.coordinate == Self.fix().coordinate)

        await device.revoke()
        #expect(await client.location() == nil)
    }

    @Test("liveUpdateBatches: the diagnostics first, then the fixes in batches", arguments: ClientKind.allCases)
    func liveUpdateBatches(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        var batches = await device.client.liveUpdateBatches().makeAsyncIterator()
        let first = try #require(try await batches.next())
        #expect(first.first?.location == nil)
        #expect(first.first?.authorization.status == .whenInUseAsReported)

        await device.locateWhenAsked(Self.fix())
        var received = first.compactMap(\.location)
        while received.isEmpty, let batch = try await batches.next() {
            received += batch.compactMap(\.location)
        }
        #expect(received.map(\.coordinate) == [Self.fix().coordinate])
    }

    @Test(
        "startUpdatingLocation: fixes arrive on events(); after stopUpdatingLocation none do",
        arguments: ClientKind.allCases
    )
    func standardLocationService(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        var events = await client.events().makeAsyncIterator()
        #expect(await Self.nextAuthorization(&events)?.status == .whenInUseAsReported)

        await client.startUpdatingLocation()
        await device.locateWhenAsked(Self.fix())
        #expect(await Self.nextLocation(&events)?.coordinate == Self.fix().coordinate)

        await client.stopUpdatingLocation()
        await device.waitUntilDeviceStopsLocating()
        await device.deviceFinds(Self.fix(north: 100, second: 10))
        await device.revoke()
        #expect(await Self.nextAuthorization(&events)?.status == .denied)
    }

    @Test(
        "Significant changes: available; with Always a fix arrives on events(); after stopping none do",
        arguments: ClientKind.allCases
    )
    func significantChanges(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedAlways)
        let client = device.client
        #expect(await client.significantLocationChangeMonitoringAvailable())
        var events = await client.events().makeAsyncIterator()
        #expect(await Self.nextAuthorization(&events)?.status == .authorizedAlways)

        await client.startMonitoringSignificantLocationChanges()
        await device.locateWhenAsked(Self.fix())
        #expect(await Self.nextLocation(&events)?.coordinate == Self.fix().coordinate)

        await client.stopMonitoringSignificantLocationChanges()
        await device.waitUntilDeviceStopsLocating()
        await device.deviceFinds(Self.fix(north: 2_000, second: 900))
        await device.revoke()
        #expect(await Self.nextAuthorization(&events)?.status == .denied)
    }

    @Test(
        "Regions: monitored until stopped; a radius beyond maximumRegionMonitoringDistance is refused",
        arguments: ClientKind.allCases
    )
    func regions(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let home = Region(identifier: "home", center: Self.home, radius: 100)
        try await client.startMonitoring(home)
        #expect(await client.monitoredRegions() == [home])

        let largest = await client.maximumRegionMonitoringDistance()
        #expect(largest > 0)
        let atTheLimit = Region(identifier: "city", center: Self.home, radius: largest)
        try await client.startMonitoring(atTheLimit)
        let beyond = Region(identifier: "country", center: Self.home, radius: largest + 1)
        let error = await #expect(throws: LocationError.self) { try await client.startMonitoring(beyond) }
        #expect(error?.code == .regionMonitoringFailure)
        #expect(await client.monitoredRegions() == [home, atTheLimit])

        await client.stopMonitoring(home)
        await client.stopMonitoring(atTheLimit)
        #expect(await client.monitoredRegions().isEmpty)
        #expect(await device.heldWork() == [])
    }

    @Test(
        "Regions under approximate location: an error, not silence, and nothing is monitored",
        arguments: ClientKind.allCases
    )
    func regionsUnderReducedAccuracy(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        let error = await #expect(throws: LocationError.self) {
            try await client.startMonitoring(Region(identifier: "home", center: Self.home, radius: 100))
        }
        #expect(error?.code == .regionMonitoringUnavailable)
        #expect(await client.monitoredRegions().isEmpty)
        #expect(await device.heldWork() == [])
    }

    @Test(
        "Visits: refused before authorization; a stay reaches events() while monitored, none after stopping",
        arguments: ClientKind.allCases
    )
    func visits(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let error = await #expect(throws: LocationError.self) { try await device.client.startMonitoringVisits() }
        #expect(error?.code == .notAuthorized)

        await device.changeSettings(status: .authorizedWhenInUse, precise: true)
        var events = await device.client.events().makeAsyncIterator()
        #expect(await Self.nextAuthorization(&events)?.status == .whenInUseAsReported)
        try await device.client.startMonitoringVisits()
        await device.waitUntilDeviceLocates()
        await device.deviceStays(at: Self.fix(), for: 600)
        let arrived = Visit(coordinate: Self.home, horizontalAccuracy: 5, arrivalDate: Self.fix().timestamp)
        #expect(await events.next(isolation: #isolation) == .didVisit(arrived))

        await device.client.stopMonitoringVisits()
        await device.waitUntilDeviceStopsLocating()
        await device.deviceStays(at: Self.fix(north: 5_000, second: 3_600), for: 600)
        await device.revoke()
        #expect(await Self.nextAuthorization(&events)?.status == .denied)
    }

    @Test(
        "Heading: headings arrive while started, calibration display allowed on request, dismissing it changes nothing",
        arguments: ClientKind.allCases
    )
    func heading(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        #if WHEREABOUTS_LIVE_MACOS
        // A Mac has no compass: Core Location says so, and has no stopUpdatingHeading() either.
        #expect(!(await client.headingAvailable()))
        _ = device
        #else
        #expect(await client.headingAvailable())
        #expect(!(await client.properties().displaysHeadingCalibration))
        try await client.set(displaysHeadingCalibration: true)
        #expect(await client.properties().displaysHeadingCalibration)
        var events = await client.events().makeAsyncIterator()
        #expect(await Self.nextAuthorization(&events)?.status == .whenInUseAsReported)

        await client.startUpdatingHeading()
        await device.deviceHeadsWhenAsked(Self.heading(90))
        #expect(await events.next(isolation: #isolation) == .didUpdateHeading(Self.heading(90)))
        #expect(await client.heading() == Self.heading(90))

        await client.dismissHeadingCalibrationDisplay()
        await device.deviceHeadsWhenAsked(Self.heading(95, second: 1))
        #expect(await events.next(isolation: #isolation) == .didUpdateHeading(Self.heading(95, second: 1)))

        await client.stopUpdatingHeading()
        await device.waitUntilDeviceStopsLocating()
        await device.deviceHeads(Self.heading(180, second: 2))
        await device.revoke()
        #expect(await Self.nextAuthorization(&events)?.status == .denied)
        #endif
    }

    @Test("Beacon ranging is reported as the device has it", arguments: ClientKind.allCases)
    func ranging(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        #expect(await device.client.isRangingAvailable() == device.rangesBeacons)
    }

    @Test(
        "requestTemporaryFullAccuracy under approximate location: the prompt, full accuracy while in use, then reduced",
        arguments: ClientKind.allCases
    )
    func temporaryFullAccuracy(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        let unknown = await #expect(throws: LocationError.self) {
            try await client.requestTemporaryFullAccuracy(purposeKey: "Unknown")
        }
        #expect(unknown?.code == .missingTemporaryPurposeKey)

        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        #expect(
            try await request.value == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .answered(.allowPrecise))
        )
        #expect(await client.authorization().isFullAccuracyTemporary)
        let again = try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(again == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .alreadyDetermined))

        #if !WHEREABOUTS_LIVE_MACOS
        // A Mac app is not sent to the background, where the grant would lapse.
        await device.enterBackground()
        await device.enterForeground()
        let after = await client.authorization()
        #expect(after.accuracy == .reducedAccuracy)
        #expect(after.isFullAccuracyTemporary == false)
        #endif
        #expect(await device.promptKindsShown() == [.temporaryFullAccuracy])
    }

    @Test(
        "requestAlwaysAuthorization from When In Use: the upgrade prompt once; Keep Only While Using keeps When In Use",
        arguments: ClientKind.allCases
    )
    func alwaysUpgradeKeptWhileUsing(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let request = Task { try await client.requestAlwaysAuthorization() }
        #expect(await device.promptOnScreen() == .alwaysUpgrade)
        await device.answer(.keepWhileUsing)
        let outcome = try await request.value
        #expect(outcome.status == .whenInUseAsReported)
        #expect(outcome.resolution == .answered(.keepWhileUsing))

        let again = try await client.requestAlwaysAuthorization()
        #expect(again.status == .whenInUseAsReported)
        #expect(again.resolution == .ignored(.alwaysAlreadyRequested))
        #expect(await device.promptKindsShown() == [.alwaysUpgrade])
    }
}
