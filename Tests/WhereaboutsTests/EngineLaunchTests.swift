import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// A new engine is ready to use: it read the kept grant before it returned, so nothing it says right after it is
/// made is a guess.
@Suite(.timeLimit(.minutes(5)))
struct EngineLaunchTests {
    static let appID = "com.example.launch"

    static func engine(
        store: any ConsentStore,
        person: ScriptedPerson = ScriptedPerson(),
        device: DeviceSettings = DeviceSettings()
    ) async -> SimulatedOS {
        await SimulatedOS(
            appID: appID,
            declarations: .complete,
            prompter: person,
            consentStore: store,
            device: device,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)),
            clock: TestClock()
        )
    }

    @Test(
        "right after the engine is made, authorizationSnapshot is the kept grant's authorization",
        arguments: [
            (Grant(decision: .whenInUse, precise: false), AuthorizationStatus.authorizedWhenInUse, false),
            (Grant(decision: .whenInUse, precise: true), .authorizedWhenInUse, true),
            (Grant(decision: .always, precise: true), .authorizedAlways, true),
            (Grant(decision: .denied), .denied, true),
        ]
    )
    func snapshotIsTheKeptGrantAtOnce(kept: Grant, status: AuthorizationStatus, precise: Bool) async {
        let store = InMemoryConsentStore([Self.appID: kept])

        let engine = await Self.engine(store: store)

        let snapshot = engine.authorizationSnapshot
        #expect(snapshot.status == status)
        #expect(snapshot.accuracy == (precise ? .fullAccuracy : .reducedAccuracy))
        #expect(snapshot == (await engine.authorization()), "the snapshot and the engine agree from the start")
    }

    @Test("right after the engine is made with Location Services off, the snapshot says denied, as the app reads it")
    func snapshotWithServicesOffIsDeniedAtOnce() async {
        let store = InMemoryConsentStore([Self.appID: Grant(decision: .whenInUse, precise: true)])

        let engine = await Self.engine(store: store, device: DeviceSettings(servicesEnabled: false))

        #expect(engine.authorizationSnapshot.status == .denied)
        #expect(!engine.authorizationSnapshot.servicesEnabled)
    }

    @Test("the regions kept with the grant are monitored right after the engine is made")
    func keptRegionsAreMonitoredAtOnce() async {
        let region = Region(identifier: "home", center: Coordinate(latitude: 48.8584, longitude: 2.2945), radius: 200)
        var kept = Grant(decision: .always, precise: true)
        kept.monitoredRegions = [region]
        let store = InMemoryConsentStore([Self.appID: kept])

        let engine = await Self.engine(store: store)

        #expect(await engine.monitoredRegions == [region])
    }

    @Test("an app relaunched on a consent file starts with the answer the person gave in its last run")
    func relaunchOnAConsentFileStartsAuthorized() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whereabouts-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("consent.json")
        let first = await Self.engine(
            store: FileConsentStore(fileURL: file, onWarning: { _ in }),
            person: ScriptedPerson([.allowWhileUsing(precise: false)])
        )
        _ = try await first.requestWhenInUseAuthorization()
        await first.flush()

        let relaunched = await Self.engine(store: FileConsentStore(fileURL: file, onWarning: { _ in }))

        #expect(
            relaunched.authorizationSnapshot == Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        )
    }

    @Test("a new engine with nothing kept is not determined, and asks")
    func nothingKeptIsNotDetermined() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: true)])
        let engine = await Self.engine(store: InMemoryConsentStore(), person: person)

        #expect(engine.authorizationSnapshot.status == .notDetermined)
        let outcome = try await engine.requestWhenInUseAuthorization()
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(engine.authorizationSnapshot.status == .authorizedWhenInUse)
    }
}
