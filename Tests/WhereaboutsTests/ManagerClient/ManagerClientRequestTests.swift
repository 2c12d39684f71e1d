import Clocks
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Every authorization request completes, with an outcome that says what happened, whatever iOS
/// sends or does not send (rule 0), on a `CLLocationManager` stand-in whose decisions are the simulated OS's.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientRequestTests {
    @Test("When In Use: the prompt's answer completes the request", arguments: [true, false])
    func whenInUseAnswered(callbackBeforeActive: Bool) async throws {
        let harness = Harness()
        harness.ios.callbackBeforeActive = callbackBeforeActive
        let request = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowWhileUsing(precise: false))
        let outcome = try await request.value
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.accuracy == .reducedAccuracy)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: false)))
    }

    @Test("When In Use: Don't Allow gives denied")
    func whenInUseDenied() async throws {
        let harness = Harness()
        let request = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.dontAllow)
        let outcome = try await request.value
        #expect(outcome.status == .denied)
        #expect(outcome.resolution == .answered(.dontAllow))
    }

    @Test(
        "A decided status completes at once, though iOS sends no callback",
        arguments: [
            AuthorizationStatus.denied, .authorizedWhenInUse, .authorizedAlways,
        ]
    )
    func alreadyDecided(status: AuthorizationStatus) async throws {
        let harness = Harness(status: status)
        let outcome = try await harness.client.requestWhenInUseAuthorization()
        #expect(outcome.status == status)
        #expect(outcome.resolution == .alreadyDetermined)
        #expect(harness.ios.prompt == nil)
    }

    @Test("A missing usage description is an error naming the key, not a silent wait")
    func missingKey() async throws {
        let harness = Harness(infoPlist: UsageDescriptions(always: "Background reminders."))
        let error = await #expect(throws: LocationError.self) {
            try await harness.client.requestWhenInUseAuthorization()
        }
        #expect(error?.missingKeys == [UsageDescriptions.whenInUseKey])
        #expect(harness.ios.calls.isEmpty)
    }

    @Test("Always needs both usage descriptions")
    func alwaysMissingKeys() async throws {
        let harness = Harness(infoPlist: UsageDescriptions(whenInUse: "Map."))
        let error = await #expect(throws: LocationError.self) {
            try await harness.client.requestAlwaysAuthorization()
        }
        #expect(error?.missingKeys == [UsageDescriptions.alwaysKey])
    }

    @Test("Services off, restricted and background requests complete as ignored, with the reason")
    func ignored() async throws {
        let off = Harness(status: .denied)
        off.ios.servicesEnabled = false
        #expect(try await off.client.requestWhenInUseAuthorization().resolution == .ignored(.servicesDisabled))

        let restricted = Harness(status: .restricted)
        #expect(try await restricted.client.requestAlwaysAuthorization().resolution == .ignored(.restricted))

        let background = Harness()
        background.enterBackground()
        let outcome = try await background.client.requestWhenInUseAuthorization()
        #expect(outcome.resolution == .ignored(.notInForeground))
        #expect(outcome.status == .notDetermined)
    }

    @Test("A second request while the prompt is on screen asks iOS nothing more and completes with the same answer")
    func secondRequestWhilePrompting() async throws {
        let harness = Harness()
        let first = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        let second = Task { try await harness.client.requestAlwaysAuthorization() }
        let third = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.adapter.prompt?.waiters.count == 3 }
        harness.ios.answer(.allowWhileUsing(precise: true))
        for request in [first, second, third] {
            let outcome = try await request.value
            #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
            #expect(outcome.status == .authorizedWhenInUse)
        }
        #expect(harness.ios.calls.filter { $0.hasPrefix("request") } == ["requestWhenInUseAuthorization"])
    }

    @Test("Cancelling one of two requests waiting for the same prompt leaves the other waiting for the answer")
    func cancelOneOfTwoWaiters() async throws {
        let harness = Harness()
        let first = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        let second = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.adapter.prompt?.waiters.count == 2 }
        first.cancel()
        await #expect(throws: LocationError.self) { try await first.value }
        harness.ios.answer(.dontAllow)
        let outcome = try await second.value
        #expect(outcome.resolution == .answered(.dontAllow))
        #expect(outcome.status == .denied)
    }

    @Test("Always from notDetermined: the when-in-use prompt gives provisional Always")
    func provisionalAlways() async throws {
        let harness = Harness()
        let request = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowWhileUsing(precise: true))
        let outcome = try await request.value
        #expect(outcome.status == .authorizedAlways)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
    }

    @Test("Always upgrade: Change to Always Allow", arguments: [true, false])
    func upgradeAccepted(callbackBeforeActive: Bool) async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.callbackBeforeActive = callbackBeforeActive
        let request = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yield { harness.ios.prompt == .alwaysUpgrade }
        harness.ios.answer(.changeToAlways)
        let outcome = try await request.value
        #expect(outcome.status == .authorizedAlways)
        #expect(outcome.resolution == .answered(.changeToAlways))
    }

    @Test("Always upgrade: Keep Only While Using sends no callback, and the request still completes")
    func upgradeKept() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let updates = await harness.client.liveUpdates()
        let request = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yield { harness.ios.prompt == .alwaysUpgrade }
        harness.ios.answer(.keepWhileUsing)
        await harness.yieldUntilSleeping()
        await harness.clock.advance(by: harness.adapter.timing.promptSettle)
        let outcome = try await request.value
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.resolution == .answered(.keepWhileUsing))
        #expect(harness.adapter.diagnostics().contains(.alwaysAuthorizationDenied))
        _ = updates
    }

    @Test("Always asked twice: the second completes at once as alwaysAlreadyRequested, iOS not asked")
    func alwaysTwice() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let first = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yield { harness.ios.prompt == .alwaysUpgrade }
        harness.ios.answer(.keepWhileUsing)
        await harness.yieldUntilSleeping()
        await harness.clock.advance(by: harness.adapter.timing.promptSettle)
        _ = try await first.value
        let second = try await harness.client.requestAlwaysAuthorization()
        #expect(second.resolution == .ignored(.alwaysAlreadyRequested))
        #expect(harness.ios.calls.filter { $0 == "requestAlwaysAuthorization" }.count == 1)
    }

    @Test("Always after Allow Once: iOS shows nothing, and the request completes after the wait")
    func alwaysAfterAllowOnce() async throws {
        let harness = Harness()
        let first = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowOnce(precise: true))
        _ = try await first.value
        let request = Task { try await harness.client.requestAlwaysAuthorization() }
        await harness.yieldUntilSleeping()
        #expect(harness.ios.prompt == nil)
        await harness.clock.advance(by: harness.adapter.timing.promptAppearance)
        let outcome = try await request.value
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.resolution == .ignored(.temporaryAuthorization))
    }

    @Test("A cancelled request throws cancelled; the person's later answer still arrives as an event")
    func cancelledRequest() async throws {
        let harness = Harness()
        let events = await harness.client.events()
        let request = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        request.cancel()
        let error = await #expect(throws: LocationError.self) { try await request.value }
        #expect(error?.code == .cancelled)
        harness.ios.answer(.allowWhileUsing(precise: true))
        var iterator = events.makeAsyncIterator()
        #expect(
            await iterator.next()
                == .didChangeAuthorization(Authorization(status: .notDetermined, accuracy: .fullAccuracy))
        )
        #expect(
            await iterator.next()
                == .didChangeAuthorization(Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))
        )
    }
}
