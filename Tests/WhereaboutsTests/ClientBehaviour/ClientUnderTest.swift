import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The clients an app can be given, for tests that must hold on all: the simulated client (the engine decides, a
/// scripted source gives fixes), the client logic over a `CLLocationManager` stand-in (what runs on a device), and
/// the same client logic over a location manager of the simulated OS.
enum ClientKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case simulated
    case coreLocationLogic
    case simulatedManager

    var testDescription: String { rawValue }

    /// Makes a client of this kind for an app with every location key declared.
    ///
    /// - Parameter authorized: Whether the app starts with While Using and precise location (else undecided).
    /// - Returns: The client and what drives the device and the person around it.
    @MainActor
    func make(authorized: Bool) async -> any ClientUnderTest {
        switch self {
        case .simulated:
            return await SimulatedClientUnderTest(authorized: authorized)
        case .simulatedManager:
            return await SimulatedClientUnderTest(authorized: authorized, throughManager: true)
        case .coreLocationLogic:
            return StandInClientUnderTest(authorized: authorized)
        }
    }
}

/// A client, and the device and person around it.
@MainActor
protocol ClientUnderTest {
    /// The client the app calls.
    var client: LocationClient { get }
    /// Waits until the device is asked for a fix (a one-shot request or updates), then gives it this one.
    func locateWhenAsked(_ location: Location) async
    /// Waits until a prompt is on screen, and returns its kind.
    func promptOnScreen() async -> PermissionPrompt.Kind
    /// The person answers the prompt on screen.
    func answer(_ answer: PromptAnswer) async
    /// Waits until `count` requests wait for the prompt on screen.
    func waitForWaitingRequests(_ count: Int) async
    /// How many prompts the person saw.
    func promptsShown() async -> Int
    /// The person turns location off for the app in Settings.
    func revoke() async
    /// Waits until `count` one-shot requests wait for a fix.
    func waitForLocationRequests(_ count: Int) async
    /// Waits until the device is asked for a fix, then finds none: Core Location's error, or the simulated OS's time
    /// limit passing.
    func noFixComes() async
}

/// The simulated client: an engine with a person who answers when the test says, and a scripted source.
@MainActor
final class SimulatedClientUnderTest: ClientUnderTest {
    let person = ManualPerson()
    let source = ScriptedSource()
    let clock = TestClock<Duration>()
    let engine: AuthorizationEngine
    let client: LocationClient
    /// The client logic, when the client is the one over a simulated location manager.
    let holder: ManagerClientHolder?

    init(authorized: Bool, throughManager: Bool = false) async {
        let store = InMemoryConsentStore(
            authorized ? ["com.example.test": Grant(decision: .whenInUse, precise: true)] : [:]
        )
        engine = await AuthorizationEngine(
            appID: "com.example.test",
            declarations: .complete,
            prompter: person,
            consentStore: store,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)),
            clock: clock
        )
        if throughManager {
            let engine = engine
            let source = source
            let holder = ManagerClientHolder { ManagerClient(engine: engine, source: source, clock: ContinuousClock()) }
            self.holder = holder
            client = .managed(holder)
        } else {
            holder = nil
            client = .simulated(engine: engine, source: source)
        }
    }

    func locateWhenAsked(_ location: Location) async {
        await source.waitUntilRunning()
        await source.send(location)
    }

    func promptOnScreen() async -> PermissionPrompt.Kind {
        if let prompt = person.promptsOnScreen.first { return prompt.kind }
        return (try? await person.nextPrompt())?.kind ?? .whenInUse
    }

    func answer(_ answer: PromptAnswer) async {
        if person.promptsOnScreen.isEmpty { _ = try? await person.nextPrompt() }
        guard let prompt = person.promptsOnScreen.first else { return }
        person.reply(answer)
        await engine.waitForPrompt(prompt.id)
    }

    func waitForWaitingRequests(_ count: Int) async {
        for _ in 0..<10_000 {
            if let holder, (holder.adapter.prompt?.waiters.count ?? 0) >= count { return }
            if holder == nil, await engine.promptTickets.count >= count { return }
            await Task.yield()
        }
        Issue.record("\(count) requests never waited for the prompt")
    }

    func promptsShown() async -> Int { person.prompts.count }

    func revoke() async {
        await engine.changeSettings(status: .denied)
    }

    func waitForLocationRequests(_ count: Int) async {
        for _ in 0..<10_000 {
            if let holder, holder.adapter.locationRequests.count >= count { return }
            if holder == nil, await engine.locationRequests.count >= count { return }
            await Task.yield()
        }
        Issue.record("\(count) location requests never waited for a fix")
    }

    func noFixComes() async {
        for _ in 0..<10_000 {
            if await !engine.locationRequests.isEmpty { break }
            await Task.yield()
        }
        await clock.advance(by: engine.options.locationTimeout)
    }
}

/// The client logic that runs on a device, over a `CLLocationManager` stand-in whose decisions are the policy's.
@MainActor
final class StandInClientUnderTest: ClientUnderTest {
    let harness: Harness
    var client: LocationClient { harness.client }

    init(authorized: Bool) {
        harness =
            authorized ? Harness(status: .authorizedWhenInUse, accuracy: .fullAccuracy) : Harness()
    }

    func locateWhenAsked(_ location: Location) async {
        await harness.yield { harness.ios.locationRequested || harness.ios.isUpdatingLocation }
        harness.ios.locate(location)
    }

    func promptOnScreen() async -> PermissionPrompt.Kind {
        await harness.yield { harness.ios.prompt != nil }
        return harness.ios.prompt ?? .whenInUse
    }

    func answer(_ answer: PromptAnswer) async {
        await harness.yield { harness.ios.prompt != nil }
        harness.ios.answer(answer)
    }

    func waitForWaitingRequests(_ count: Int) async {
        await harness.yield { (harness.adapter.prompt?.waiters.count ?? 0) >= count }
    }

    func promptsShown() async -> Int {
        harness.ios.calls.filter { $0.hasPrefix("request") && $0.hasSuffix("Authorization") }.count
    }

    func revoke() async {
        harness.ios.settings(status: .denied)
    }

    func waitForLocationRequests(_ count: Int) async {
        await harness.yield { harness.adapter.locationRequests.count >= count }
    }

    func noFixComes() async {
        await harness.yield { harness.ios.locationRequested || harness.ios.isUpdatingLocation }
        harness.ios.failToLocate()
    }
}
