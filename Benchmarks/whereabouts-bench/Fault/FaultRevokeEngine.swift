import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench fault-revoke-engine`: revokes while fixes flow at full speed through the
/// engine, in one process, and checks that no fix follows the revoke event.
///
/// Each run gives an app a precise While Using grant, streams ``LocationClient/liveUpdates`` from
/// a source that makes a new fix each time the engine asks (as fast as the engine can take them),
/// and after a random wait takes the access away in one of four ways: Never from Settings, Location
/// Services off, Never written to the consent store and reloaded (what `whereabouts track` does on
/// `consent revoke`), or Precise Location off. The revoke event is the first update whose
/// authorization differs from the grant; after it there must be no fix at all (no fix with more
/// precision than granted, for Precise off).
struct FaultRevokeEngine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault-revoke-engine",
        abstract: "Revoke while fixes flow through the engine at full speed; count fixes after the revoke.",
        shouldDisplay: false
    )

    @Option(help: "How many revokes.")
    var runs: Int = 400

    @Option(help: "The seed for the revoke times.")
    var seed: UInt64 = 1

    @Option(help: "The longest wait, in milliseconds, from the first fix to the revoke.")
    var maxDelayMs: Int = 30

    enum Kind: String, CaseIterable {
        case never = "Never in Settings"
        case servicesOff = "Location Services off"
        case storeRevoke = "Never in the consent store + reload"
        case preciseOff = "Precise Location off"
    }

    func run() async throws {
        var random = SplitMix64(seed: seed)
        var failures: [String] = []
        var perKind: [Kind: (runs: Int, before: Int, after: Int)] = [:]
        var rates: [Double] = []
        for index in 0..<runs {
            let kind = Kind.allCases[index % Kind.allCases.count]
            let delay = Int.random(in: 0...(maxDelayMs * 1000), using: &random)
            let outcome = try await Self.once(kind: kind, delayMicroseconds: delay)
            var entry = perKind[kind] ?? (0, 0, 0)
            entry.runs += 1
            entry.before += outcome.before
            entry.after += outcome.violations
            perKind[kind] = entry
            if outcome.seconds > 0 { rates.append(Double(outcome.before) / outcome.seconds) }
            if !outcome.sawRevoke { failures.append("run \(index) (\(kind.rawValue)): no revoke event within 2 s") }
            if outcome.before == 0 { failures.append("run \(index) (\(kind.rawValue)): no fix before the revoke") }
            if outcome.violations > 0 {
                failures.append(
                    "run \(index) (\(kind.rawValue), delay \(delay) µs): \(outcome.violations) "
                        + "fix(es) after the revoke event"
                )
            }
        }
        rates.sort()
        print("fault-revoke-engine: \(runs) revokes (seed \(seed)), random 0–\(maxDelayMs) ms after the first fix")
        for kind in Kind.allCases {
            let entry = perKind[kind] ?? (0, 0, 0)
            print(
                "  \(kind.rawValue): \(entry.runs) runs, \(entry.before) fixes before, "
                    + "\(entry.after) after the revoke event"
            )
        }
        if !rates.isEmpty {
            print(
                String(
                    format: "  delivery rate before the revoke: median %.0f fixes/s (min %.0f, max %.0f)",
                    rates[rates.count / 2],
                    rates[0],
                    rates[rates.count - 1]
                )
            )
        }
        for failure in failures.prefix(20) { print("  FAIL \(failure)") }
        print(failures.isEmpty ? "PASS" : "FAIL (\(failures.count) failed runs)")
        if !failures.isEmpty { throw ExitCode(1) }
    }

    struct Outcome {
        var before = 0
        var violations = 0
        var sawRevoke = false
        var seconds = 0.0
    }

    /// One run: grant, stream, revoke after `delayMicroseconds`, stream 20 ms more, stop.
    static func once(kind: Kind, delayMicroseconds: Int) async throws -> Outcome {
        let appID = "com.example.fault"
        let store = InMemoryConsentStore([appID: Grant(decision: .whenInUse, precise: true)])
        let coarsener = Coarsener(secret: .random())
        let engine = await SimulatedOS(
            appID: appID,
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: FaultAllowingPrompter(),
            consentStore: store,
            coarsener: coarsener
        )
        let client = LocationClient.simulated(os: engine, source: FaultFirehoseSource())
        try await client.set(pausesLocationUpdatesAutomatically: false)
        let granted = await client.authorization()
        let minimumCoarse = coarsener.horizontalAccuracy
        let firstFix = FaultSignal()
        let stream = await client.liveUpdates()
        let consumer = Task { () -> Outcome in
            var outcome = Outcome()
            var started = 0.0
            var revokedAt = 0.0
            do {
                for try await update in stream {
                    if !outcome.sawRevoke && update.authorization != granted {
                        outcome.sawRevoke = true
                        revokedAt = Measure.now()
                        outcome.seconds = revokedAt - started
                    }
                    guard let location = update.location else { continue }
                    if !outcome.sawRevoke {
                        if outcome.before == 0 {
                            started = Measure.now()
                            firstFix.set()
                        }
                        outcome.before += 1
                    } else if kind != .preciseOff || update.authorization.accuracy == .fullAccuracy
                        || location.horizontalAccuracy < minimumCoarse
                    {
                        outcome.violations += 1
                    }
                    if outcome.sawRevoke && Measure.now() - revokedAt > 0.02 { break }
                }
            } catch {}
            return outcome
        }
        while !firstFix.isSet { try await Task.sleep(for: .microseconds(100)) }
        try await Task.sleep(for: .microseconds(delayMicroseconds))
        switch kind {
        case .never: await engine.changeSettings(status: .denied)
        case .servicesOff: await engine.changeSettings(servicesEnabled: false)
        case .preciseOff: await engine.changeSettings(precise: false)
        case .storeRevoke:
            await store.setGrant(Grant(decision: .denied, precise: true), for: appID)
            await engine.reloadGrant()
        }
        // With access gone no update may come at all: stop the consumer after a while.
        try await Task.sleep(for: .milliseconds(40))
        consumer.cancel()
        return await consumer.value
    }
}

/// Allows every prompt with precise location (the runs start from a kept grant, so none is due).
struct FaultAllowingPrompter: PermissionPrompter {
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer { .allowWhileUsing(precise: true) }
}

/// A source that makes a new fix each time the engine asks for one: as fast as the engine takes them.
struct FaultFirehoseSource: LocationSource {
    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let counter = FaultCounter()
        return AsyncThrowingStream(unfolding: {
            let index = counter.next()
            return .location(
                Location(
                    coordinate: Coordinate(latitude: 48.85 + Double(index % 10_000) * 1e-6, longitude: 2.35),
                    horizontalAccuracy: 5,
                    speed: 1.4,
                    course: 90,
                    timestamp: Date(timeIntervalSince1970: 1_750_000_000 + Double(index) * 0.01)
                )
            )
        })
    }
}
