import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

#if WHEREABOUTS_LIVE_BEHAVIOUR
import CoreLocation
#endif

/// The clients an app can be given, for tests that must hold on both: the client logic over a location manager of the
/// simulated OS (`LocationClient.simulated`: the OS decides, a scripted source gives fixes), and the same client logic
/// over a `CLLocationManager` stand-in (what runs on a device).
enum ClientKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case simulated
    case coreLocationLogic
    #if WHEREABOUTS_LIVE_BEHAVIOUR
    /// `LocationClient.live()`: the package's Core Location bridge over the runnable stand-ins of Apple's frameworks,
    /// whose `CLLocationManager` drives a location manager of the simulated OS (scripts/check-apple.sh builds and
    /// runs it in each platform flavour).
    case live
    #endif

    /// The kinds whose client opens condition monitors: the simulated OS's, and in a platform flavour the live
    /// client's `CLMonitor` (the client logic over a `CLLocationManager` stand-in has none: monitors are not a
    /// location manager's).
    static var withConditionMonitors: [ClientKind] {
        #if WHEREABOUTS_LIVE_BEHAVIOUR
        [.live]
        #else
        [.simulated]
        #endif
    }

    /// The kinds the behaviour suite runs: in a platform flavour of scripts/check-apple.sh, the live client only
    /// (the other two run in the main suite).
    static var allCases: [ClientKind] {
        #if WHEREABOUTS_LIVE_BEHAVIOUR
        [.live]
        #else
        [.simulated, .coreLocationLogic]
        #endif
    }

    var testDescription: String { rawValue }

    /// Makes a client of this kind for an app with every location key declared.
    ///
    /// - Parameter authorized: Whether the app starts with While Using and precise location (else undecided).
    /// - Returns: The client and what drives the device and the person around it.
    @MainActor
    func make(authorized: Bool) async -> any ClientUnderTest {
        await make(status: authorized ? .authorizedWhenInUse : .notDetermined)
    }

    /// Makes a client of this kind for an app with these Info.plist keys and this grant kept from before.
    ///
    /// - Parameters:
    ///   - declarations: The app's Info.plist keys; every location key unless given.
    ///   - status: The status the person left the app in (`.notDetermined`: never asked).
    ///   - precise: The Precise Location switch of that grant.
    /// - Returns: The client and what drives the device and the person around it.
    @MainActor
    func make(
        declarations: UsageDescriptions = ClientKind.allKeys,
        status: AuthorizationStatus,
        precise: Bool = true
    ) async -> any ClientUnderTest {
        switch self {
        case .simulated:
            return await SimulatedClientUnderTest(declarations: declarations, status: status, precise: precise)
        case .coreLocationLogic:
            return StandInClientUnderTest(declarations: declarations, status: status, precise: precise)
        #if WHEREABOUTS_LIVE_BEHAVIOUR
        case .live:
            return await SimulatedClientUnderTest(
                declarations: declarations,
                status: status,
                precise: precise,
                makeHolder: LiveClientHolder.make,
                makeClient: LiveClientHolder.client
            )
        #endif
        }
    }

    /// Every location key declared, with one temporary purpose (`Navigation`) and the `location` background mode.
    static let allKeys = UsageDescriptions(
        whenInUse: "Shows where you are on the map.",
        always: "Tells you when you reach a saved place.",
        temporaryPurposes: ["Navigation": "Turn-by-turn directions need your precise location."],
        backgroundModes: ["location"],
        appName: "Wayfinder"
    )
}

/// A client, and the device and person around it.
@MainActor
protocol ClientUnderTest {
    /// The client the app calls.
    var client: LocationClient { get }
    /// Waits until the device is asked for a fix (a one-shot request or updates), then gives it this one.
    func locateWhenAsked(_ location: Location) async
    /// The device gets this fix now, whether or not anything asked for one: it reaches the app only if a service
    /// runs (Core Location delivers nothing otherwise; a source nobody reads drops it).
    func deviceFinds(_ location: Location) async
    /// The device's compass gives this heading now; it reaches the app only while heading updates run.
    func deviceHeads(_ heading: Heading) async
    /// Waits until the device is asked for headings, then gives it this one.
    func deviceHeadsWhenAsked(_ heading: Heading) async
    /// Waits until nothing asks the device for fixes any more.
    func waitUntilDeviceStopsLocating() async
    /// Waits until something asks the device for fixes (a request, updates, significant changes, visits).
    func waitUntilDeviceLocates() async
    /// The person stays at `arrival`'s place for `seconds` from its time: a visit reaches the app if visit
    /// monitoring runs (Core Location reports it; the simulated OS finds it in the fixes).
    func deviceStays(at arrival: Location, for seconds: Double) async
    /// Waits until a prompt is on screen, and returns its kind.
    func promptOnScreen() async -> PermissionPrompt.Kind
    /// Whether a prompt is on screen now.
    func isPromptOnScreen() async -> Bool
    /// The person answers the prompt on screen, and the app is active again once the answer has reached it.
    func answer(_ answer: PromptAnswer) async
    /// Waits until `count` requests wait for the prompt on screen.
    func waitForWaitingRequests(_ count: Int) async
    /// How many requests wait for the prompt on screen now (a service session's own request counts where the client
    /// makes it).
    func waitingRequests() async -> Int
    /// How many prompts the person saw.
    func promptsShown() async -> Int
    /// The kinds of the prompts the person saw, in order.
    func promptKindsShown() async -> [PermissionPrompt.Kind]
    /// The person turns location off for the app in Settings.
    func revoke() async
    /// The person changes the app's Location or Precise Location setting in Settings (`nil`: unchanged).
    func changeSettings(status: AuthorizationStatus?, precise: Bool?) async
    /// The person switches Location Services on or off for the whole device.
    func switchLocationServices(on: Bool) async
    /// Waits until `count` one-shot requests wait for a fix.
    func waitForLocationRequests(_ count: Int) async
    /// Waits until the device is asked for a fix, then finds none: Core Location's error, or the simulated OS's time
    /// limit passing.
    func noFixComes() async
    /// The app goes to the background (the person went to the Home Screen): it resigns active, then enters the
    /// background; without a background session the app stops being in use.
    func enterBackground() async
    /// The app comes back to the foreground and becomes active.
    func enterForeground() async
    /// The app is terminated.
    func terminate() async
    /// What the client still holds open: requests waiting for a prompt or a fix, service sessions. Empty when
    /// nothing leaks.
    func heldWork() async -> [String]
    /// Whether this device can range beacons (the simulated device has no Bluetooth beacons; an iPhone can).
    var rangesBeacons: Bool { get }
}

extension ClientUnderTest {
    /// The person turns location off for the app in Settings.
    func revoke() async {
        await changeSettings(status: .denied, precise: nil)
    }
}

/// The simulated client: an engine with a person who answers when the test says, and a scripted source.
@MainActor
final class SimulatedClientUnderTest: ClientUnderTest {
    let person = ManualPerson()
    let source = ScriptedSource()
    let clock = TestClock<Duration>()
    let engine: SimulatedOS
    let client: LocationClient
    /// The client logic over the simulated location manager, as `LocationClient.simulated` makes it.
    let holder: ManagerClientHolder
    /// The prompt the test last saw on screen (the person shows each prompt to `nextPrompt` once).
    private var seenPrompt: PermissionPrompt?
    let rangesBeacons = false

    /// What the client runs on, made once the OS is: the client logic over a location manager of the simulated
    /// OS unless given.
    typealias MakeHolder = @MainActor (SimulatedOS, ScriptedSource) async -> ManagerClientHolder
    /// The client over the holder: every endpoint through it, and condition monitors of its kind.
    typealias MakeClient = @MainActor (ManagerClientHolder, SimulatedOS, ScriptedSource) -> LocationClient

    init(
        declarations: UsageDescriptions,
        status: AuthorizationStatus,
        precise: Bool,
        makeHolder: MakeHolder = { os, source in .simulated(os: os, source: source) },
        makeClient: MakeClient = SimulatedClientUnderTest.simulatedClient
    ) async {
        engine = await SimulatedOS(
            appID: "com.example.test",
            declarations: declarations,
            prompter: person,
            consentStore: InMemoryConsentStore(),
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)),
            clock: clock
        )
        if status != .notDetermined { await engine.changeSettings(status: status, precise: precise) }
        holder = await makeHolder(engine, source)
        client = makeClient(holder, engine, source)
    }

    /// The simulated client over the holder, with the simulated OS's condition monitors as
    /// `LocationClient.simulated(os:source:)` opens them.
    static func simulatedClient(holder: ManagerClientHolder, os: SimulatedOS, source: ScriptedSource) -> LocationClient
    {
        var client = LocationClient.managed(holder)
        client.openMonitor = LocationClient.simulated(os: os, source: source).openMonitor
        return client
    }

    func locateWhenAsked(_ location: Location) async {
        await deviceSettles()
        await source.waitUntilRunning()
        await source.send(location)
    }

    func deviceFinds(_ location: Location) async {
        await deviceSettles()
        await source.send(location)
    }

    func deviceHeads(_ heading: Heading) async {
        await deviceSettles()
        await source.send(.heading(heading))
    }

    func deviceHeadsWhenAsked(_ heading: Heading) async {
        await deviceSettles()
        await source.waitUntilRunning()
        await source.send(.heading(heading))
    }

    func waitUntilDeviceStopsLocating() async {
        await deviceSettles()
        await source.waitUntilStopped()
    }

    func waitUntilDeviceLocates() async {
        await deviceSettles()
        await source.waitUntilRunning()
    }

    func deviceStays(at arrival: Location, for seconds: Double) async {
        await deviceSettles()
        var later = arrival
        later.timestamp = arrival.timestamp.addingTimeInterval(seconds)
        await source.send(arrival)
        await source.send(later)
    }

    func promptOnScreen() async -> PermissionPrompt.Kind {
        await deviceSettles()
        if let seenPrompt, person.promptsOnScreen.contains(where: { $0.id == seenPrompt.id }) {
            return seenPrompt.kind
        }
        seenPrompt = try? await person.nextPrompt()
        return seenPrompt?.kind ?? .whenInUse
    }

    func isPromptOnScreen() async -> Bool {
        await deviceSettles()
        return await engine.presentedPrompt != nil
    }

    func answer(_ answer: PromptAnswer) async {
        await deviceSettles()
        _ = await promptOnScreen()
        guard let prompt = seenPrompt else { return }
        person.reply(answer)
        await engine.waitForPrompt(prompt.id)
    }

    func waitForWaitingRequests(_ count: Int) async {
        await deviceSettles()
        let waiting = await eventually { [self] in await waitingRequests() >= count }
        if !waiting { Issue.record("\(count) requests never waited for the prompt") }
    }

    func waitingRequests() async -> Int {
        await deviceSettles()
        return holder.adapter.prompt?.waiters.count ?? 0
    }

    func promptsShown() async -> Int { person.prompts.count }

    func promptKindsShown() async -> [PermissionPrompt.Kind] { person.prompts.map(\.kind) }

    func changeSettings(status: AuthorizationStatus?, precise: Bool?) async {
        await deviceSettles()
        await engine.changeSettings(status: status, precise: precise)
    }

    func switchLocationServices(on: Bool) async {
        await deviceSettles()
        await engine.changeSettings(servicesEnabled: on)
    }

    func waitForLocationRequests(_ count: Int) async {
        await deviceSettles()
        let waiting = await eventually { [self] in
            holder.adapter.locationRequests.count >= count
        }
        if !waiting { Issue.record("\(count) location requests never waited for a fix") }
    }

    func noFixComes() async {
        await deviceSettles()
        _ = await eventually { [self] in await !engine.locationRequests.isEmpty }
        await clock.advance(by: engine.options.locationTimeout)
    }

    func enterBackground() async {
        await deviceSettles()
        await engine.handle(.background)
        await clientHears(foreground: false)
    }

    func enterForeground() async {
        await deviceSettles()
        await engine.handle(.foreground)
        await clientHears(foreground: true)
    }

    func terminate() async {
        await deviceSettles()
        await engine.handle(.terminate)
        await clientHears(foreground: false)
    }

    /// The client over a simulated location manager hears of the app's trips (to the background, back, its end)
    /// through the manager's notifications, after the OS has acted, as an app on iOS does: waits until it has.
    private func clientHears(foreground: Bool) async {
        let heard = await eventually { holder.adapter.isForeground == foreground }
        if !heard {
            Issue.record("the client never heard that the app \(foreground ? "came to the" : "left the") foreground")
        }
    }

    /// Waits until what the client asked of the device has reached the OS (a simulated manager's calls are queued,
    /// and the client waits for them itself; Core Location's stand-in managers are waited for here).
    private func deviceSettles() async {
        #if WHEREABOUTS_LIVE_BEHAVIOUR
        await StandInDevice.current?.settle()
        #endif
    }

    func heldWork() async -> [String] {
        await deviceSettles()
        let held = [
            ("requests waiting for a prompt", await engine.promptTickets.count),
            ("requests waiting for their result", await engine.ticketWaiters.count),
            ("one-shot requests waiting for a fix", await engine.locationRequests.count),
            ("service sessions", await engine.serviceSessionCount),
            ("client requests waiting for a prompt", holder.adapter.prompt?.waiters.count ?? 0),
            ("client one-shot requests waiting for a fix", holder.adapter.locationRequests.count),
        ]
        return held.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
    }
}

/// The client logic that runs on a device, over a `CLLocationManager` stand-in whose decisions are the policy's.
@MainActor
final class StandInClientUnderTest: ClientUnderTest {
    let harness: Harness
    var client: LocationClient { harness.client }
    /// Every prompt that came up over the app, in order.
    private var shown: [PermissionPrompt.Kind] = []
    let rangesBeacons = true

    init(declarations: UsageDescriptions, status: AuthorizationStatus, precise: Bool) {
        harness = Harness(status: status, accuracy: precise ? .fullAccuracy : .reducedAccuracy, infoPlist: declarations)
        // A prompt coming up over the app makes it resign active: that is when the person sees it.
        let resignActive = harness.ios.appResignsActive
        harness.ios.appResignsActive = { [unowned self] in
            if let prompt = self.harness.ios.prompt { self.shown.append(prompt) }
            resignActive()
        }
    }

    func locateWhenAsked(_ location: Location) async {
        await harness.yield {
            harness.ios.locationRequested || harness.ios.isUpdatingLocation
                || harness.ios.isMonitoringSignificantChanges
        }
        harness.ios.retrieve(location)
    }

    func deviceFinds(_ location: Location) async {
        harness.ios.retrieve(location)
    }

    func deviceHeads(_ heading: Heading) async {
        harness.ios.retrieve(heading)
    }

    func deviceHeadsWhenAsked(_ heading: Heading) async {
        await harness.yield { harness.ios.isUpdatingHeading }
        harness.ios.retrieve(heading)
    }

    func waitUntilDeviceStopsLocating() async {
        await harness.yield { !harness.ios.isLocating }
    }

    func waitUntilDeviceLocates() async {
        await harness.yield { harness.ios.isLocating }
    }

    func deviceStays(at arrival: Location, for seconds: Double) async {
        harness.ios.stay(at: arrival)
    }

    func promptOnScreen() async -> PermissionPrompt.Kind {
        await harness.yield { harness.ios.prompt != nil }
        return harness.ios.prompt ?? .whenInUse
    }

    func isPromptOnScreen() async -> Bool {
        harness.ios.prompt != nil
    }

    func answer(_ answer: PromptAnswer) async {
        await harness.yield { harness.ios.prompt != nil }
        harness.ios.answer(answer)
        // Keep Only While Using changes nothing and sends no callback: the client learns the answer once the app has
        // been active again for a while, as on a device.
        if let pending = harness.adapter.prompt, harness.adapter.policy.prompt?.kind == .alwaysUpgrade, pending.shown {
            await harness.yieldUntilSleeping()
            await harness.clock.advance(by: harness.adapter.timing.promptSettle)
        }
    }

    func waitForWaitingRequests(_ count: Int) async {
        await harness.yield { (harness.adapter.prompt?.waiters.count ?? 0) >= count }
    }

    func waitingRequests() async -> Int {
        harness.adapter.prompt?.waiters.count ?? 0
    }

    func promptsShown() async -> Int { shown.count }

    func promptKindsShown() async -> [PermissionPrompt.Kind] { shown }

    func changeSettings(status: AuthorizationStatus?, precise: Bool?) async {
        harness.ios.settings(status: status, accuracy: precise.map { $0 ? .fullAccuracy : .reducedAccuracy })
    }

    func switchLocationServices(on: Bool) async {
        harness.ios.servicesEnabled = on
        // Core Location tells every manager's delegate that the authorization may have changed; the client then reads
        // the switch off the main actor, as the next authorization read does too.
        harness.ios.settings()
        _ = await harness.client.authorization()
    }

    func waitForLocationRequests(_ count: Int) async {
        await harness.yield { harness.adapter.locationRequests.count >= count }
    }

    func noFixComes() async {
        await harness.yield { harness.ios.locationRequested || harness.ios.isUpdatingLocation }
        harness.ios.failToLocate()
    }

    func enterBackground() async {
        harness.adapter.appWillResignActive()
        harness.adapter.appDidEnterBackground()
        harness.ios.appEntersBackground()
    }

    func enterForeground() async {
        harness.ios.appEntersForeground()
        harness.adapter.appWillEnterForeground()
        harness.adapter.appDidBecomeActive()
    }

    func terminate() async {
        // iOS takes the prompt away and ends the app; the app is told through
        // UIApplication.willTerminateNotification.
        harness.adapter.appWillTerminate()
        harness.ios.appTerminates()
    }

    func heldWork() async -> [String] {
        let adapter = harness.adapter
        let held = [
            ("requests waiting for a prompt", adapter.prompt?.waiters.count ?? 0),
            ("one-shot requests waiting for a fix", adapter.locationRequests.count),
            ("service sessions", adapter.sessions.count),
        ]
        return held.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
    }
}

/// Polls `condition` until it holds: at once and after yields first, then once a millisecond for up to four
/// minutes of real time, so that a run of the whole suite on two busy cores does not fail it for want of a turn.
///
/// - Returns: Whether the condition held before the time ran out.
func eventually(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    for _ in 0..<1_000 {
        if await condition() { return true }
        await Task.yield()
    }
    let deadline = ContinuousClock.now.advanced(by: .seconds(240))
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
