import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// DESIGN rule 10: each diagnostic comes with the stream when its condition holds.
@Suite(.timeLimit(.minutes(5)))
struct DiagnosticRuleTests {
    @Test("10: authorizationDenied, authorizationDeniedGlobally, authorizationRestricted")
    func rule10DeniedDiagnostics() async throws {
        let harness = await EngineHarness(grant: Grant(decision: .denied))
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.diagnostics == [.authorizationDenied])
        await harness.engine.changeSettings(servicesEnabled: false)
        #expect(try await updates.next()?.diagnostics == [.authorizationDeniedGlobally])
        await harness.engine.changeSettings(servicesEnabled: true, restricted: true)
        #expect(try await updates.next()?.diagnostics == [.authorizationRestricted])
    }

    @Test("10: authorizationRequestInProgress while a prompt is on screen")
    func rule10RequestInProgress() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)])
        let ticket = await harness.engine.submit(.whenInUse)
        #expect(await harness.engine.diagnostics().contains(.authorizationRequestInProgress))
        _ = await harness.engine.result(of: ticket)
        #expect(!(await harness.engine.diagnostics().contains(.authorizationRequestInProgress)))
    }

    @Test("10: insufficientlyInUse, accuracyLimited, fullAccuracyDenied, alwaysAuthorizationDenied")
    func rule10GrantDiagnostics() async throws {
        let harness = await EngineHarness(answers: [.dontAllowPrecise, .keepWhileUsing])
        await harness.authorize(precise: false)
        #expect(await harness.engine.diagnostics() == [.accuracyLimited])
        _ = try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(await harness.engine.diagnostics() == [.accuracyLimited, .fullAccuracyDenied])
        _ = try await harness.engine.requestAlwaysAuthorization()
        #expect(await harness.engine.diagnostics().contains(.alwaysAuthorizationDenied))
        await harness.engine.handle(.background)
        #expect(await harness.engine.diagnostics().contains(.insufficientlyInUse))
    }

    @Test("10: locationUnavailable when no fix arrives for a while, and gone with the next fix")
    func rule10LocationUnavailable() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.diagnostics == [])
        await harness.clock.advance(by: .seconds(11))
        await harness.engine.fireDueTimers()
        #expect(try await updates.next()?.diagnostics == [.locationUnavailable])
        await harness.source.send(fix())
        let next = try #require(try await updates.next())
        #expect(next.location != nil)
        #expect(next.diagnostics == [])
    }

    @Test("10: a source that says it is unavailable gives locationUnavailable")
    func rule10SourceUnavailable() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await harness.source.send(.unavailable("gpsd is not running"))
        #expect(try await updates.next()?.diagnostics == [.locationUnavailable])
    }

    @Test("10: stationary after standing still, gone when moving")
    func rule10Stationary() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let updates = await harness.client.liveUpdates()
        for second in stride(from: 0.0, through: 180, by: 10) { await harness.source.send(fix(at: second)) }
        #expect(await harness.engine.diagnostics().contains(.stationary))
        await harness.source.send(fix(48.87, 2.30, at: 190))
        #expect(!(await harness.engine.diagnostics().contains(.stationary)))
        _ = updates
    }
}
