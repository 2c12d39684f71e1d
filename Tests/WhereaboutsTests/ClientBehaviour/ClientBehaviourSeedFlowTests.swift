import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The five published flows the library follows (see `AppFlows/`), each written as the app writes it and run
/// through both clients: a permission screen guide, a privacy-aware store, a map with reduced accuracy by default,
/// a user location puck, and the Composable Architecture's `LocationManager` feature.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClientBehaviourSeedFlowTests {
    static func fix(north metres: Double = 0, second: Double = 0, course: Double? = nil) -> Location {
        Location(
            coordinate: Coordinate(latitude: 37.7749 + metres / 111_195, longitude: -122.4194),
            altitude: course == nil ? nil : 12,
            horizontalAccuracy: 5,
            speed: course == nil ? nil : 3,
            course: course,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    // MARK: A permission screen guide: the statuses, the pre-permission screen, Always, precise for two purposes

    /// The guide's Info.plist: When In Use, Always, two temporary purposes.
    static let guideKeys = UsageDescriptions(
        whenInUse: "現在地を地図上に表示し、周辺のスポットを検索するために位置情報を使用します。",
        always: "目的地への到着を通知するために、バックグラウンドでも位置情報を使用します。",
        temporaryPurposes: [
            "NavigationPurpose": "正確なナビゲーションのために、一時的に正確な位置情報が必要です。",
            "SearchPurpose": "より正確な検索結果を表示するために、正確な位置情報が必要です。",
        ],
        backgroundModes: ["location"]
    )

    @Test(
        "Permission screen guide: explanation, prompt, precise declined for one purpose and allowed for another, Always",
        arguments: ClientKind.allCases
    )
    func permissionScreenGuide(_ kind: ClientKind) async throws {
        let device = await kind.make(declarations: Self.guideKeys, status: .notDetermined)
        let navigation = LocationPermissionModel(client: device.client, purposeKey: "NavigationPurpose")
        let search = LocationPermissionModel(client: device.client, purposeKey: "SearchPurpose")
        await navigation.refresh()
        #expect(navigation.showsPrePermissionExplanation)

        let tap = Task { await navigation.requestPermission() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.answer(.allowWhileUsing(precise: false))
        await tap.value
        await search.refresh()
        #expect(!navigation.showsPrePermissionExplanation)
        #expect(navigation.authorization?.status == .whenInUseAsReported)
        #expect(navigation.showsRequestPreciseButton && search.showsRequestPreciseButton)

        let declined = Task { await navigation.requestPrecise() }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.dontAllowPrecise)
        await declined.value
        #expect(navigation.preciseDeclined)
        #expect(navigation.authorization?.accuracy == .reducedAccuracy)

        let allowed = Task { await search.requestPrecise() }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        await allowed.value
        #expect(search.authorization?.accuracy == .fullAccuracy)
        #expect(!search.showsRequestPreciseButton)

        let upgrade = Task { try await device.client.requestAlwaysAuthorization() }
        #expect(await device.promptOnScreen() == .alwaysUpgrade)
        await device.answer(.changeToAlways)
        #expect(try await upgrade.value.status == .authorizedAlways)
        #expect(
            await device.promptKindsShown() == [
                .whenInUse, .temporaryFullAccuracy, .temporaryFullAccuracy, .alwaysUpgrade,
            ]
        )
    }

    @Test(
        "Permission screen guide: each of the five statuses leads to exactly its branch of the guide's switch",
        arguments: ClientKind.allCases,
        AuthorizationStatus.allCases
    )
    func permissionScreenGuideBranches(_ kind: ClientKind, _ status: AuthorizationStatus) async throws {
        let device = await kind.make(declarations: Self.guideKeys, status: status)
        let model = LocationPermissionModel(client: device.client)
        await model.refresh()

        #expect(model.authorization?.status == (status == .authorizedWhenInUse ? .whenInUseAsReported : status))
        var branches: [String] = []
        if model.showsPrePermissionExplanation { branches.append("request") }
        if model.isRestricted { branches.append("disabled message") }
        if model.showsSettingsPrompt { branches.append("settings prompt") }
        if !model.locationIsDisabled { branches.append("start services") }
        let expected: [AuthorizationStatus: String] = [
            .notDetermined: "request", .restricted: "disabled message", .denied: "settings prompt",
            .authorizedWhenInUse: "start services", .authorizedAlways: "start services",
        ]
        #expect(branches == [expected[status]])
    }

    @Test("Permission screen guide: after Don't Allow the screen leads to Settings", arguments: ClientKind.allCases)
    func permissionScreenGuideAfterDenial(_ kind: ClientKind) async throws {
        let device = await kind.make(declarations: Self.guideKeys, status: .notDetermined)
        let model = LocationPermissionModel(client: device.client)
        #expect(!model.showsSettingsPrompt)

        let tap = Task { await model.requestPermission() }
        await device.answer(.dontAllow)
        await tap.value

        #expect(model.authorization?.status == .denied)
        #expect(model.showsSettingsPrompt)
        #expect(!model.showsPrePermissionExplanation)
        #expect(model.settingsMessage?.contains("Settings") == true)
        // A request once decided shows nothing and completes at once.
        #expect(try await device.client.requestWhenInUseAuthorization().resolution == .alreadyDetermined)
        #expect(await device.promptsShown() == 1)
    }

    // MARK: A privacy-aware store: status and accuracy followed, the Allow button, a missing purpose string

    static let storeText = "Adds where you took the picture to its caption."

    @Test(
        "Privacy-aware store: the store follows each authorization change; the ETA only with precise location",
        arguments: ClientKind.allCases
    )
    func privacyAwareStore(_ kind: ClientKind) async throws {
        let device = await kind.make(declarations: UsageDescriptions(whenInUse: Self.storeText), status: .notDetermined)
        let store = LocationPermissionModel(client: device.client)
        var changes = await device.client.authorizationUpdates().makeAsyncIterator()
        store.apply(try #require(await changes.next()))
        #expect(store.showAllowLocationButton)
        #expect(store.locationIsDisabled)

        let tap = Task { try await device.client.requestWhenInUseAuthorization() }
        await device.answer(.allowWhileUsing(precise: false))
        _ = try await tap.value
        store.apply(try #require(await changes.next()))
        #expect(store.authorization == Authorization(status: .whenInUseAsReported, accuracy: .reducedAccuracy))
        #expect(!store.showAllowLocationButton)
        #expect(!store.locationIsDisabled)
        #expect(!store.preciseFeaturesAvailable)

        await device.changeSettings(status: nil, precise: true)
        store.apply(try #require(await changes.next()))
        #expect(store.preciseFeaturesAvailable)
    }

    @Test(
        "Privacy-aware store: without the purpose string the request is an error naming the key, and the button stays",
        arguments: ClientKind.allCases
    )
    func privacyAwareStoreWithoutPurposeString(_ kind: ClientKind) async throws {
        let device = await kind.make(declarations: UsageDescriptions(whenInUse: nil), status: .notDetermined)
        let store = LocationPermissionModel(client: device.client)

        await store.requestPermission()

        let error = try #require(store.lastError)
        #expect(error.code == .missingUsageDescription)
        #expect(error.description.contains("NSLocationWhenInUseUsageDescription"))
        #expect(store.showAllowLocationButton)
        #expect(store.locationIsDisabled)
        #expect(await device.promptsShown() == 0)
    }

    // MARK: A map with reduced accuracy by default

    static let mapPurpose = "MHAccuracyAuthorizationDescription"

    @Test(
        "Map with reduced accuracy: Request Precise Location, one flight to the first fix, the button back in use",
        arguments: ClientKind.allCases
    )
    func reducedAccuracyMap(_ kind: ClientKind) async throws {
        let keys = UsageDescriptions(
            whenInUse: "Dummy Location When In Use Description",
            temporaryPurposes: [Self.mapPurpose: "Dummy Precise Location Description"],
            defaultAccuracyReduced: true
        )
        let device = await kind.make(declarations: keys, status: .notDetermined)
        let model = LocationPermissionModel(client: device.client, purposeKey: Self.mapPurpose)
        let tap = Task { await model.requestPermission() }
        await device.answer(.allowWhileUsing(precise: false))
        await tap.value
        #expect(model.authorization?.accuracy == .reducedAccuracy)
        #expect(model.showsRequestPreciseButton)

        let precise = Task { await model.requestPrecise() }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        await precise.value
        #expect(model.authorization?.isFullAccuracyTemporary == true)
        #expect(!model.showsRequestPreciseButton)

        // The coordinator: the first location flies the camera there, the later ones do not.
        var flights: [Coordinate] = []
        var delivered: [Coordinate] = []
        var updates = await device.client.liveUpdates().makeAsyncIterator()
        let fixes = (0..<3).map { Self.fix(north: 150 * Double($0), second: Double($0)) }
        for fix in fixes {
            await device.locateWhenAsked(fix)
            while let update = try await updates.next() {
                guard let location = update.location else { continue }
                delivered.append(location.coordinate)
                if flights.isEmpty { flights.append(location.coordinate) }
                break
            }
        }
        #expect(delivered == fixes.map(\.coordinate))
        #expect(flights == [fixes[0].coordinate])

        #if !WHEREABOUTS_LIVE_MACOS
        // A Mac app is not sent to the background, where the grant would lapse.
        await device.enterBackground()
        await device.enterForeground()
        await model.refresh()
        #expect(model.authorization?.accuracy == .reducedAccuracy)
        #expect(model.showsRequestPreciseButton)
        #endif
    }

    // MARK: A user location puck

    static let puckKeys = UsageDescriptions(
        whenInUse: "Your precise location is used to calculate turn-by-turn directions and show you on the map.",
        temporaryPurposes: ["CustomKey": "We temporarily require your precise location for an optimal experience."]
    )

    @Test(
        "User location puck: Precise off reaches the delegate, the puck is a circle, only CustomKey asks for precise",
        arguments: ClientKind.allCases
    )
    func userLocationPuck(_ kind: ClientKind) async throws {
        let device = await kind.make(declarations: Self.puckKeys, status: .authorizedWhenInUse, precise: true)
        let client = device.client
        var accuracyChanges: [AccuracyAuthorization] = []
        var events = await client.events().makeAsyncIterator()
        guard case .didChangeAuthorization(let first)? = await events.next(isolation: #isolation) else {
            Issue.record("events() did not start with the authorization")
            return
        }
        accuracyChanges.append(first.accuracy)

        await device.changeSettings(status: nil, precise: false)
        guard case .didChangeAuthorization(let reduced)? = await events.next(isolation: #isolation) else {
            Issue.record("turning Precise off did not reach the delegate")
            return
        }
        accuracyChanges.append(reduced.accuracy)
        #expect(accuracyChanges == [.fullAccuracy, .reducedAccuracy])

        var updates = await client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.location == nil)
        await device.locateWhenAsked(Self.fix(course: 90))
        var coarse: LocationUpdate?
        while let update = try await updates.next() {
            if update.location != nil {
                coarse = update
                break
            }
        }
        let update = try #require(coarse)
        let location = try #require(update.location)
        let indicator = UserLocationIndicator(
            authorization: update.authorization,
            location: location,
            heading: Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: location.timestamp),
            bearingSource: .heading
        )
        #expect(indicator == .approximate(location.coordinate, radius: location.horizontalAccuracy))
        #expect(location.horizontalAccuracy > 1_000)
        #expect(location.course == nil)

        let omitted = await #expect(throws: LocationError.self) {
            try await client.requestTemporaryFullAccuracy(purposeKey: "LocationAccuracyAuthorizationDescription")
        }
        #expect(omitted?.code == .missingTemporaryPurposeKey)
        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "CustomKey") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        #expect(
            try await request.value == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .answered(.allowPrecise))
        )
        #expect(await device.promptKindsShown() == [.temporaryFullAccuracy])
    }

    // MARK: The Composable Architecture's LocationManager feature

    @Test(
        "LocationManager feature: settings and When In Use on appear, the location once authorized",
        arguments: ClientKind.allCases
    )
    func locationManagerFeature(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let feature = LocationManagerFeature(client: device.client)
        let appear = Task { await feature.onAppear() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.answer(.allowWhileUsing(precise: true))
        // The one fix answers the feature's request (on a Mac, which calls the grant Always, the request comes after
        // significant changes start).
        await device.waitForLocationRequests(1)
        await device.locateWhenAsked(Self.fix())
        await feature.waitUntil { $0.location != nil }

        #expect(feature.location?.coordinate == Self.fix().coordinate)
        #expect(feature.alert == nil)
        // The feature monitors significant changes with Always, which is what a Mac calls the grant.
        #expect(feature.monitorsSignificantChanges == (AuthorizationStatus.whenInUseAsReported == .authorizedAlways))
        let properties = await device.client.properties()
        #expect(properties.desiredAccuracy == .hundredMeters)
        #expect(properties.distanceFilter == 50)
        appear.cancel()
        await appear.value
    }

    @Test(
        "LocationManager feature: Don't Allow shows the alert, and no location is asked for",
        arguments: ClientKind.allCases
    )
    func locationManagerFeatureDenied(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let feature = LocationManagerFeature(client: device.client)
        let appear = Task { await feature.onAppear() }
        await device.answer(.dontAllow)
        await feature.waitUntil { $0.alert != nil }

        #expect(feature.alert == LocationManagerFeature.alertText)
        #expect(feature.location == nil)
        #expect(await device.heldWork() == [])
        appear.cancel()
        await appear.value
    }

    @Test(
        "LocationManager feature: with Always, significant changes start with the request and stop on disappear",
        arguments: ClientKind.allCases
    )
    func locationManagerFeatureAlways(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedAlways)
        let feature = LocationManagerFeature(client: device.client)
        let appear = Task { await feature.onAppear() }
        // The one fix answers the feature's request (which comes after significant changes start) and is a change.
        await device.waitForLocationRequests(1)
        await device.locateWhenAsked(Self.fix())
        await feature.waitUntil { $0.location != nil && $0.monitorsSignificantChanges }
        #expect(await device.promptsShown() == 0)

        await feature.onDisappear()
        #expect(!feature.monitorsSignificantChanges)
        appear.cancel()
        await appear.value
        await device.waitUntilDeviceStopsLocating()
    }
}

/// The Composable Architecture's `LocationManager` example feature, as an app writes it without the library: on
/// appear it subscribes to the delegate, sets a 100 m accuracy and a 50 m distance filter, and asks for When In Use;
/// a denial shows an alert; once authorized it asks for the location (and with Always starts significant changes).
@MainActor
private final class LocationManagerFeature {
    static let alertText = "Please give location access so that we can show you some cool stuff."

    let client: LocationClient
    private(set) var alert: String?
    private(set) var location: Location?
    private(set) var monitorsSignificantChanges = false
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation

    init(client: LocationClient) {
        self.client = client
        (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .unbounded)
    }

    /// `onAppear`: runs until the calling task is cancelled.
    func onAppear() async {
        let events = await client.events()
        try? await client.set(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))
        _ = try? await client.requestWhenInUseAuthorization()
        for await event in events {
            await handle(event)
            changed.yield()
        }
    }

    /// `onDisappear`.
    func onDisappear() async {
        guard monitorsSignificantChanges else { return }
        monitorsSignificantChanges = false
        await client.stopMonitoringSignificantLocationChanges()
    }

    /// Waits until the feature's state satisfies `condition`.
    func waitUntil(_ condition: (LocationManagerFeature) -> Bool) async {
        if condition(self) { return }
        for await _ in changes where condition(self) { return }
    }

    private func handle(_ event: LocationEvent) async {
        switch event {
        case .didChangeAuthorization(let authorization):
            switch authorization.status {
            case .denied, .restricted:
                alert = Self.alertText
            case .authorizedWhenInUse, .authorizedAlways:
                if authorization.status == .authorizedAlways && !monitorsSignificantChanges {
                    monitorsSignificantChanges = true
                    await client.startMonitoringSignificantLocationChanges()
                }
                if let location = try? await client.requestLocation() { self.location = location }
            case .notDetermined:
                break
            }
        case .didUpdateLocations(let locations):
            if let last = locations.last { location = last }
        default:
            break
        }
    }
}
