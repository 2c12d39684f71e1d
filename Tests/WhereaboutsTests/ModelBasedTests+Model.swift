import Foundation
import WhereaboutsTestSupport

@testable import Whereabouts

extension SplitMix64 {
    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}

/// The Info.plist keys a sequence declares.
struct ModelDeclarations: CustomStringConvertible {
    static let declaredPurpose = "Navigation"
    static let undeclaredPurpose = "Undeclared"

    var whenInUse: Bool
    var always: Bool
    var temporary: Bool
    var defaultAccuracyReduced: Bool
    var backgroundMode: Bool

    init(using rng: inout SplitMix64) {
        whenInUse = rng.chance(85)
        always = rng.chance(60)
        temporary = rng.chance(70)
        defaultAccuracyReduced = rng.chance(30)
        backgroundMode = rng.chance(65)
    }

    var usageDescriptions: UsageDescriptions {
        UsageDescriptions(
            whenInUse: whenInUse ? "Shows where you are on the map." : nil,
            always: always ? "Tells you when you arrive." : nil,
            temporaryPurposes: temporary ? [Self.declaredPurpose: "Directions need your exact position."] : [:],
            defaultAccuracyReduced: defaultAccuracyReduced,
            backgroundModes: backgroundMode ? ["location"] : [],
            appName: "Model App"
        )
    }

    var description: String {
        "whenInUse \(whenInUse), always \(always), temporary \(temporary), "
            + "defaultAccuracyReduced \(defaultAccuracyReduced), backgroundMode \(backgroundMode)"
    }
}

/// One step of a sequence.
enum ModelStep: CustomStringConvertible {
    case whenInUse
    case always
    case temporary(declared: Bool)
    case requestLocation
    case answer(PromptAnswer)
    case lifecycle(LifecycleEvent)
    case settings(status: AuthorizationStatus?, precise: Bool?, servicesEnabled: Bool?, restricted: Bool?)
    case backgroundUpdates(Bool)
    case startSession
    case stopSession
    case startUpdates
    case stopUpdates
    case fix(Location)
    case wait

    var description: String {
        switch self {
        case .whenInUse: "request whenInUse"
        case .always: "request always"
        case .temporary(let declared): "request temporaryFullAccuracy (\(declared ? "declared" : "undeclared") key)"
        case .requestLocation: "request location"
        case .answer(let answer): "answer \(answer)"
        case .lifecycle(let event): "app \(event.rawValue)"
        case .settings(let status, let precise, let servicesEnabled, let restricted):
            "settings "
                + [
                    status.map { "status \($0)" },
                    precise.map { "precise \($0)" },
                    servicesEnabled.map { "services \($0)" },
                    restricted.map { "restricted \($0)" },
                ].compactMap { $0 }.joined(separator: ", ")
        case .backgroundUpdates(let allowed): "allowsBackgroundUpdates \(allowed)"
        case .startSession: "start background session"
        case .stopSession: "stop background session"
        case .startUpdates: "start live updates"
        case .stopUpdates: "stop live updates"
        case .fix(let location):
            "fix \(location.coordinate) t=\(Int(location.timestamp.timeIntervalSince1970 - ModelStep.epoch))"
        case .wait: "wait 11 s"
        }
    }

    static let epoch = 1_767_225_600.0
}

/// What the model says a ticket's result is.
enum ModelExpected: CustomStringConvertible {
    /// An authorization outcome; the status is checked when given (not for dismissed prompts).
    case authorization(RequestResolution, AuthorizationStatus?)
    /// An accuracy outcome; the accuracy is checked when given.
    case accuracy(RequestResolution, AccuracyAuthorization?)
    case failure(LocationError.Code)
    case location

    var description: String {
        switch self {
        case .authorization(let resolution, let status):
            "authorization \(status.map { "\($0)" } ?? "any") (\(resolution))"
        case .accuracy(let resolution, let accuracy):
            "accuracy \(accuracy.map { "\($0)" } ?? "any") (\(resolution))"
        case .failure(let code): "error \(code)"
        case .location: "a location"
        }
    }
}

/// The prompt the model says is on screen.
struct ModelPrompt {
    var kind: PermissionPrompt.Kind
    var forAlways: Bool
    var tickets: [Int]
}

/// A reference model of DESIGN.md rules 0–9: the state an OS holds for one app, written from the
/// rules, and what each request, answer, lifecycle event and Settings change does to it.
struct ReferenceModel {
    let declarations: ModelDeclarations

    // The person's kept grant.
    var decision = Grant.Decision.notDetermined
    var precise: Bool?
    var alwaysPromptShown = false
    var provisionalAlways = false
    // Session grants (rules 3, 5).
    var allowOnce = false
    var allowOncePrecise = true
    var temporaryFull = false
    // Device (rule 7) and lifecycle (rule 8).
    var servicesEnabled = true
    var restricted = false
    var app = AppState.foreground
    var session = false
    var backgroundUpdates = false
    // Termination and relaunch: a background session active at termination may be resumed at the next launch, and
    // the next fix relaunches the app in the background when its live updates ran.
    var resumableSession = false
    var relaunchesOnFix = false
    var launchWindowOpen = false
    // Prompts and waiting requests.
    var prompt: ModelPrompt?
    var subscribed = false
    var locationTickets: [Int] = []

    init(declarations: ModelDeclarations) { self.declarations = declarations }

    var status: AuthorizationStatus {
        if !servicesEnabled { return .denied }
        if restricted { return .restricted }
        switch decision {
        case .notDetermined: return allowOnce ? .authorizedWhenInUse : .notDetermined
        case .denied: return .denied
        case .whenInUse: return .authorizedWhenInUse
        case .always: return .authorizedAlways
        }
    }

    /// Rule 2: the Precise switch (Allow Once's own, else the kept one, else the app's default).
    var isPrecise: Bool {
        if allowOnce && decision == .notDetermined { return allowOncePrecise }
        return precise ?? !declarations.defaultAccuracyReduced
    }

    var authorization: Authorization {
        let status = status
        let temporary = status.isAuthorized && temporaryFull && !isPrecise
        return Authorization(
            status: status,
            accuracy: isPrecise || temporary ? .fullAccuracy : .reducedAccuracy,
            isFullAccuracyTemporary: temporary,
            servicesEnabled: servicesEnabled
        )
    }

    /// Rules 4 and 8: whether a fix may reach the app now.
    var mayDeliver: Bool {
        let status = status
        guard status.isAuthorized else { return false }
        switch app {
        case .foreground: return true
        case .notRunning: return false
        case .background:
            if status == .authorizedAlways { return !provisionalAlways && backgroundUpdates }
            return backgroundUpdates && session
        }
    }

    private mutating func show(_ kind: PermissionPrompt.Kind, forAlways: Bool, ticket: Int?) {
        prompt = ModelPrompt(kind: kind, forAlways: forAlways, tickets: ticket.map { [$0] } ?? [])
        if kind == .alwaysUpgrade { alwaysPromptShown = true }
    }

    /// Rule 1.
    mutating func requestWhenInUse(ticket: Int) -> ModelExpected? {
        let now = status
        if !servicesEnabled { return .authorization(.ignored(.servicesDisabled), now) }
        if restricted { return .authorization(.ignored(.restricted), now) }
        guard now == .notDetermined else { return .authorization(.alreadyDetermined, now) }
        guard declarations.whenInUse else { return .failure(.missingUsageDescription) }
        if prompt?.kind == .whenInUse {
            prompt?.tickets.append(ticket)
            return nil
        }
        if prompt != nil { return .authorization(.ignored(.requestInProgress), now) }
        guard app == .foreground else { return .authorization(.ignored(.notInForeground), now) }
        show(.whenInUse, forAlways: false, ticket: ticket)
        return nil
    }

    /// Rules 3 and 4.
    mutating func requestAlways(ticket: Int) -> ModelExpected? {
        let now = status
        if !servicesEnabled { return .authorization(.ignored(.servicesDisabled), now) }
        if restricted { return .authorization(.ignored(.restricted), now) }
        guard now == .notDetermined || now == .authorizedWhenInUse else {
            return .authorization(.alreadyDetermined, now)
        }
        if now == .authorizedWhenInUse && allowOnce { return .authorization(.ignored(.temporaryAuthorization), now) }
        guard declarations.always && declarations.whenInUse else { return .failure(.missingUsageDescription) }
        if let kind = prompt?.kind, kind == .whenInUse || kind == .alwaysUpgrade {
            prompt?.tickets.append(ticket)
            return nil
        }
        if now == .authorizedWhenInUse && alwaysPromptShown {
            return .authorization(.ignored(.alwaysAlreadyRequested), now)
        }
        if prompt != nil { return .authorization(.ignored(.requestInProgress), now) }
        guard app == .foreground else { return .authorization(.ignored(.notInForeground), now) }
        show(now == .notDetermined ? .whenInUse : .alwaysUpgrade, forAlways: true, ticket: ticket)
        return nil
    }

    /// Rule 5.
    mutating func requestTemporary(declared: Bool, ticket: Int) -> ModelExpected? {
        let now = authorization
        guard now.status.isAuthorized else { return .failure(.notAuthorized) }
        if now.accuracy == .fullAccuracy { return .accuracy(.alreadyDetermined, .fullAccuracy) }
        guard declared && declarations.temporary else { return .failure(.missingTemporaryPurposeKey) }
        if prompt != nil { return .accuracy(.ignored(.requestInProgress), now.accuracy) }
        guard app == .foreground else { return .accuracy(.ignored(.notInForeground), now.accuracy) }
        show(.temporaryFullAccuracy, forAlways: false, ticket: ticket)
        return nil
    }

    /// A one-shot location: fails at once without the right to a fix, else waits for the next fix.
    mutating func requestLocation(ticket: Int) -> ModelExpected? {
        guard status.isAuthorized else { return .failure(.notAuthorized) }
        guard mayDeliver else { return .failure(.notInUse) }
        locationTickets.append(ticket)
        return nil
    }

    /// Rules 2–5: the person answers the prompt on screen; an answer of another prompt declines it.
    mutating func answer(_ given: PromptAnswer) -> [(Int, ModelExpected)] {
        guard let shown = prompt else { return [] }
        let answer = given.kind == shown.kind ? given : PromptAnswer.decline(shown.kind)
        prompt = nil
        switch answer {
        case .allowOnce(let precise):
            allowOnce = true
            allowOncePrecise = precise
        case .allowWhileUsing(let precise):
            self.precise = precise
            decision = shown.forAlways ? .always : .whenInUse
            provisionalAlways = shown.forAlways
        case .dontAllow:
            decision = .denied
            provisionalAlways = false
        case .changeToAlways:
            decision = .always
            provisionalAlways = false
        case .keepWhileUsing:
            decision = .whenInUse
            provisionalAlways = false
        case .allowPrecise:
            temporaryFull = true
        case .allowLocationButton, .dontAllowLocationButton:
            break  // the model never shows the Location Button prompt, so no answer ends up one of these
        case .dontAllowPrecise:
            break
        }
        let now = authorization
        return shown.tickets.map { ticket in
            shown.kind == .temporaryFullAccuracy
                ? (ticket, .accuracy(.answered(answer), now.accuracy))
                : (ticket, .authorization(.answered(answer), now.status))
        }
    }

    /// A prompt taken off the screen: its requests complete as ignored (rule 0).
    private mutating func dismiss(terminating: Bool) -> [(Int, ModelExpected)] {
        guard let shown = prompt, terminating || shown.kind != .alwaysUpgrade else { return [] }
        prompt = nil
        return shown.tickets.map { ticket in
            shown.kind == .temporaryFullAccuracy
                ? (ticket, .accuracy(.ignored(.notInForeground), nil))
                : (ticket, .authorization(.ignored(.notInForeground), nil))
        }
    }

    private mutating func endInUseGrants() {
        allowOnce = false
        temporaryFull = false
    }

    /// Rules 3, 5 and 8.
    mutating func apply(_ event: LifecycleEvent) -> [(Int, ModelExpected)] {
        switch event {
        case .launch, .foreground:
            if app == .notRunning { resumableSession = false }
            app = .foreground
            return []
        case .background:
            app = .background
            guard !session else { return [] }
            endInUseGrants()
            return dismiss(terminating: false)
        case .terminate:
            resumableSession = session && declarations.backgroundMode
            relaunchesOnFix = resumableSession && subscribed
            launchWindowOpen = false
            app = .notRunning
            var finished = dismiss(terminating: true)
            session = false
            backgroundUpdates = false
            endInUseGrants()
            subscribed = false
            finished += locationTickets.map { ($0, .failure(.cancelled)) }
            locationTickets = []
            return finished
        }
    }

    /// Rule 8: returns false when allowing without the background mode (an error).
    mutating func setBackgroundUpdates(_ allowed: Bool) -> Bool {
        if allowed && !declarations.backgroundMode { return false }
        backgroundUpdates = allowed
        return true
    }

    /// A background session starts only in the foreground, or is resumed at a launch after the app ended with one.
    mutating func startSession() -> Bool {
        if app == .foreground || (resumableSession && status.isAuthorized) {
            session = true
            resumableSession = false
        }
        return session
    }

    mutating func stopSession() -> [(Int, ModelExpected)] {
        session = false
        guard app != .foreground else { return [] }
        endInUseGrants()
        return dismiss(terminating: false)
    }

    /// Rules 7 and 9.
    mutating func settings(status: AuthorizationStatus?, precise: Bool?, servicesEnabled: Bool?, restricted: Bool?) {
        if let status {
            switch status {
            case .notDetermined: decision = .notDetermined
            case .denied: decision = .denied
            case .authorizedWhenInUse: decision = .whenInUse
            case .authorizedAlways: decision = .always
            case .restricted: self.restricted = true
            }
            if status != .restricted {
                provisionalAlways = false
                allowOnce = false
            }
            if !status.isAuthorized { temporaryFull = false }
        }
        if let precise {
            self.precise = precise
            allowOncePrecise = precise
            if !precise { temporaryFull = false }
        }
        if let servicesEnabled { self.servicesEnabled = servicesEnabled }
        if let restricted { self.restricted = restricted }
    }

    /// After every change: a revoke fails waiting one-shot requests (rule 9), and provisional Always
    /// asks for real once the app uses location in the background (rule 4).
    mutating func settle() -> [(Int, ModelExpected)] {
        var finished: [(Int, ModelExpected)] = []
        if !status.isAuthorized {
            finished = locationTickets.map { ($0, .failure(.notAuthorized)) }
            locationTickets = []
        }
        if app == .background, prompt == nil, decision == .always, provisionalAlways, subscribed,
            backgroundUpdates, servicesEnabled, !restricted
        {
            show(.alwaysUpgrade, forAlways: true, ticket: nil)
        }
        return finished
    }

    /// A fix the app may receive answers every waiting one-shot request.
    mutating func fixArrived() -> [(Int, ModelExpected)] {
        // The fix that relaunches the app is not its to receive.
        defer { relaunchIfDue() }
        guard mayDeliver else { return [] }
        defer { locationTickets = [] }
        return locationTickets.map { ($0, .location) }
    }

    /// While the app is not running, a fix relaunches it in the background to resume its session.
    private mutating func relaunchIfDue() {
        guard app == .notRunning, relaunchesOnFix, resumableSession, status.isAuthorized else { return }
        app = .background
        relaunchesOnFix = false
        launchWindowOpen = true
    }

    /// The one-shot time limit passed, and with it the relaunch window: a session not resumed ends.
    mutating func timedOut() -> [(Int, ModelExpected)] {
        if launchWindowOpen {
            launchWindowOpen = false
            resumableSession = false
            relaunchesOnFix = false
        }
        defer { locationTickets = [] }
        return locationTickets.map { ($0, .failure(.locationUnavailable)) }
    }

    /// Picks the next step from the state: answers only while a prompt is on screen, only a
    /// launch, Settings or fixes while the app is not running.
    func nextStep(using rng: inout SplitMix64, position: inout Coordinate, fixTime: inout Double) -> ModelStep {
        if app == .notRunning {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4: return .lifecycle(.launch)
            case 4..<7: return randomSettings(using: &rng)
            default: return randomFix(using: &rng, position: &position, fixTime: &fixTime)
            }
        }
        var weighted: [(Int, ModelStep)] = [
            (6, .whenInUse), (7, .always), (5, .temporary(declared: rng.chance(75))), (6, .requestLocation),
            (8, .lifecycle(LifecycleEvent.allCases.randomElement(using: &rng) ?? .foreground)),
            (9, randomSettings(using: &rng)),
            (5, .backgroundUpdates(rng.chance(declarations.backgroundMode ? 75 : 15))),
            (3, .startSession), (2, .stopSession),
            (4, subscribed ? .stopUpdates : .startUpdates),
            (26, randomFix(using: &rng, position: &position, fixTime: &fixTime)),
            (2, .wait),
        ]
        if let prompt { weighted.append((20, .answer(randomAnswer(to: prompt.kind, using: &rng)))) }
        var pick = Int.random(in: 0..<weighted.reduce(0) { $0 + $1.0 }, using: &rng)
        for (weight, step) in weighted {
            if pick < weight { return step }
            pick -= weight
        }
        return .wait
    }

    private func randomAnswer(to kind: PermissionPrompt.Kind, using rng: inout SplitMix64) -> PromptAnswer {
        let precise = rng.chance(50)
        let all: [PromptAnswer] = [
            .allowOnce(precise: precise), .allowWhileUsing(precise: precise), .dontAllow,
            .changeToAlways, .keepWhileUsing, .allowPrecise, .dontAllowPrecise,
        ]
        let fitting = all.filter { $0.kind == kind }
        return (rng.chance(80) ? fitting : all).randomElement(using: &rng) ?? .dontAllow
    }

    private func randomSettings(using rng: inout SplitMix64) -> ModelStep {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4:
            let statuses: [AuthorizationStatus] = [
                .notDetermined, .notDetermined, .denied, .authorizedWhenInUse, .authorizedWhenInUse,
                .authorizedAlways, .authorizedAlways, .restricted,
            ]
            return .settings(
                status: statuses.randomElement(using: &rng),
                precise: nil,
                servicesEnabled: nil,
                restricted: nil
            )
        case 4..<7: return .settings(status: nil, precise: rng.chance(50), servicesEnabled: nil, restricted: nil)
        case 7..<9: return .settings(status: nil, precise: nil, servicesEnabled: rng.chance(75), restricted: nil)
        default: return .settings(status: nil, precise: nil, servicesEnabled: nil, restricted: rng.chance(25))
        }
    }

    private func randomFix(
        using rng: inout SplitMix64,
        position: inout Coordinate,
        fixTime: inout Double
    ) -> ModelStep {
        let spread = rng.chance(10) ? 0.05 : 0.004
        position.latitude = min(max(position.latitude + Double.random(in: -spread...spread, using: &rng), 48.6), 49.1)
        position.longitude = min(max(position.longitude + Double.random(in: -spread...spread, using: &rng), 2.0), 2.6)
        fixTime += Double(Int.random(in: 0...1_200, using: &rng))
        return .fix(
            Location(
                coordinate: position,
                altitude: Double.random(in: 20...80, using: &rng),
                horizontalAccuracy: Double.random(in: 3...30, using: &rng),
                verticalAccuracy: 3,
                speed: Double.random(in: 0...15, using: &rng),
                course: Double.random(in: 0..<360, using: &rng),
                timestamp: Date(timeIntervalSince1970: ModelStep.epoch + fixTime)
            )
        )
    }
}
