import Clocks
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Cancelling the task that awaits an authorization request returns `LocationError.cancelled` at once; the
/// prompt stays on screen, as on iOS, and the person's later answer still applies.
///
/// The person answers only when the test says so, after the cancelled task returned: a request that waited for
/// the answer would never return (the time limit fails the test).
@Suite(.timeLimit(.minutes(5)))
struct CancelledRequestTests {
    static func engine(_ person: ManualPerson) async -> SimulatedOS {
        await SimulatedOS(
            appID: "com.example.cancel",
            declarations: .complete,
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)),
            clock: TestClock()
        )
    }

    @Test("0: cancelling the task awaiting requestWhenInUseAuthorization returns cancelled at once; the answer applies")
    func engineRequestCancelled() async throws {
        let person = ManualPerson()
        let engine = await Self.engine(person)
        let request = Task { try await engine.requestWhenInUseAuthorization() }
        let prompt = try await person.nextPrompt()
        #expect(prompt.kind == .whenInUse)

        request.cancel()
        let result = await request.result

        #expect(throws: LocationError.cancelled) { try result.get() }
        #expect(await engine.presentedPrompt == prompt)
        #expect(await engine.authorization().status == .notDetermined)

        var updates = await engine.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.status == .notDetermined)
        person.reply(.allowWhileUsing(precise: true))
        let answered = try #require(await updates.next())
        #expect(answered == Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))
        #expect(await engine.presentedPrompt == nil)
        #expect(person.prompts == [prompt])
    }

    @Test("0: on the simulated client, a cancelled When In Use request returns cancelled; the answer reaches events")
    func clientRequestCancelled() async throws {
        let person = ManualPerson()
        let engine = await Self.engine(person)
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        let request = Task { try await client.requestWhenInUseAuthorization() }
        let prompt = try await person.nextPrompt()

        request.cancel()
        let error = await #expect(throws: LocationError.self) { try await request.value }

        #expect(error?.code == .cancelled)
        #expect(await engine.presentedPrompt == prompt)
        #expect(client.authorizationSnapshot().status == .notDetermined)

        var events = await client.events().makeAsyncIterator()
        let current = Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        #expect(await events.next() == .didChangeAuthorization(current))
        person.reply(.allowWhileUsing(precise: false))
        let answered = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        #expect(await events.next() == .didChangeAuthorization(answered))
        #expect(await client.authorization() == answered)
        #expect(client.authorizationSnapshot() == answered)
    }

    @Test("0: a cancelled temporary full accuracy request returns cancelled; Allow Precise still applies")
    func temporaryFullAccuracyCancelled() async throws {
        let person = ManualPerson()
        let engine = await Self.engine(person)
        await engine.changeSettings(status: .authorizedWhenInUse, precise: false)
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        let prompt = try await person.nextPrompt()
        #expect(prompt.kind == .temporaryFullAccuracy)

        request.cancel()
        let error = await #expect(throws: LocationError.self) { try await request.value }

        #expect(error?.code == .cancelled)
        var updates = await client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.accuracy == .reducedAccuracy)
        person.reply(.allowPrecise)
        #expect(await updates.next()?.accuracy == .fullAccuracy)
    }

    @Test(
        "0: while the cancelled request's prompt stays, a new request waits for its answer, which applies"
    )
    func laterRequestWhileThePromptStays() async throws {
        let person = ManualPerson()
        let engine = await Self.engine(person)
        let first = Task { try await engine.requestWhenInUseAuthorization() }
        _ = try await person.nextPrompt()
        first.cancel()
        _ = await first.result

        var updates = await engine.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.status == .notDetermined)
        let second = await engine.submit(.whenInUse)
        #expect(await !engine.isFinished(second))
        person.reply(.allowWhileUsing(precise: true))

        #expect(await updates.next()?.status == .authorizedWhenInUse)
        guard case .success(.authorization(let outcome)) = await engine.result(of: second) else {
            Issue.record("the second request did not complete with an authorization")
            return
        }
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(person.prompts.count == 1)
    }
}
