import Clocks
import Testing
import Whereabouts
import WhereaboutsTesting

/// `ManualPerson`: the test waits for a prompt, answers it when it chooses, and a prompt nobody answers fails the
/// test instead of hanging it. The prompts are shown as an engine shows them, by calling `answer(_:)` in a task of
/// their own; the time limits run on a test clock.
@Suite(.timeLimit(.minutes(5)))
struct ManualPersonTests {
    static func prompt(_ id: Int, _ kind: PermissionPrompt.Kind = .whenInUse) -> PermissionPrompt {
        PermissionPrompt(id: id, kind: kind, appName: "Wayfinder", message: "Shows where you are on the map.")
    }

    @Test("nextPrompt returns the prompt on screen; the engine's task waits until reply answers it")
    func replyAnswersThePromptOnScreen() async throws {
        let person = ManualPerson(clock: TestClock())
        let shown = Self.prompt(0)
        let answering = Task { await person.answer(shown) }

        let prompt = try await person.nextPrompt()

        #expect(prompt == shown)
        #expect(person.promptsOnScreen == [shown])
        person.reply(.allowWhileUsing(precise: false))
        #expect(await answering.value == .allowWhileUsing(precise: false))
        #expect(person.promptsOnScreen.isEmpty)
        #expect(person.prompts == [shown])
    }

    @Test("nextPrompt returns a prompt shown before the call at once, and each prompt once, in the order shown")
    func nextPromptReturnsEachPromptOnceInOrder() async throws {
        let person = ManualPerson(clock: TestClock())
        let first = Task { await person.answer(Self.prompt(0)) }
        #expect(try await person.nextPrompt().id == 0)
        let second = Task { await person.answer(Self.prompt(1, .temporaryFullAccuracy)) }
        #expect(try await person.nextPrompt().id == 1)

        #expect(person.promptsOnScreen.map(\.id) == [0, 1])
        person.reply(.dontAllow)
        person.reply(.allowPrecise)
        #expect(await first.value == .dontAllow)
        #expect(await second.value == .allowPrecise)
    }

    @Test("a prompt left unanswered past the time limit fails the test at the person's line and is declined")
    func anUnansweredPromptFailsTheTestAndIsDeclined() async throws {
        let clock = TestClock()
        let line = #line + 1
        let person = ManualPerson(timeLimit: .seconds(10), clock: clock)
        var answer: PromptAnswer?
        try await withKnownIssue {
            let answering = Task { await person.answer(Self.prompt(0)) }
            _ = try await person.nextPrompt()
            #expect(await clock.untilSleeping(), "the prompt's time limit is not running")
            await clock.advance(by: .seconds(10))
            answer = await answering.value
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue.hasPrefix(
                        "the whenInUse prompt “Allow “Wayfinder” to use your location?” was still "
                            + "on screen after 10.0 seconds, so it was declined"
                    )
                }
        }
        #expect(answer == .dontAllow)
        #expect(person.promptsOnScreen.isEmpty)
    }

    @Test("nextPrompt with no prompt shown within the time limit fails the test at its line and throws")
    func nextPromptWithoutAPromptFailsTheTest() async throws {
        let clock = TestClock()
        let person = ManualPerson(timeLimit: .seconds(10), clock: clock)
        var thrown: (any Error)?
        let line = #line + 2
        await withKnownIssue {
            let waiting = Task { try await person.nextPrompt() }
            #expect(await clock.untilSleeping(), "nextPrompt's time limit is not running")
            await clock.advance(by: .seconds(10))
            do { _ = try await waiting.value } catch { thrown = error }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue.hasPrefix("no permission prompt was shown within 10.0 seconds")
                }
        }
        #expect(thrown as? ManualPersonError == .noPromptShown(within: .seconds(10)))
    }

    @Test("reply with no prompt on screen fails the test at its line")
    func replyWithNoPromptFailsTheTest() {
        let person = ManualPerson(clock: TestClock())
        withKnownIssue {
            person.reply(.allowOnce(precise: true))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("no prompt is on screen to answer allowOnce (precise on)") }
        }
    }

    @Test("an answer to another kind of prompt fails the test and declines the prompt on screen")
    func replyOfTheWrongKindFailsAndDeclines() async throws {
        let person = ManualPerson(clock: TestClock())
        let answering = Task { await person.answer(Self.prompt(0, .alwaysUpgrade)) }
        _ = try await person.nextPrompt()
        withKnownIssue {
            person.reply(.allowWhileUsing(precise: true))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "allowWhileUsing (precise on) answers the whenInUse prompt, but the prompt on screen"
                )
            }
        }
        #expect(await answering.value == .keepWhileUsing)
    }

    @Test("a prompt taken off the screen (its task cancelled) leaves without an answer and without a failure")
    func aPromptTakenOffTheScreenLeavesQuietly() async throws {
        let person = ManualPerson(clock: TestClock())
        let answering = Task { await person.answer(Self.prompt(0)) }
        _ = try await person.nextPrompt()

        answering.cancel()

        #expect(await answering.value == .dontAllow)
        #expect(person.promptsOnScreen.isEmpty)
        #expect(person.prompts.map(\.id) == [0])
    }

    @Test("cancelling a task waiting in nextPrompt throws CancellationError and fails nothing")
    func cancellingNextPromptThrowsCancellation() async {
        let person = ManualPerson(clock: TestClock())
        let waiting = Task { try await person.nextPrompt() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("with the simulated OS: the request waits while the prompt is up and returns with the answer the test gives")
    func drivesTheEngine() async throws {
        let person = ManualPerson()
        let engine = await SimulatedOS(
            appID: "com.example.manual",
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: person
        )
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        let request = Task { try await client.requestWhenInUseAuthorization() }
        let prompt = try await person.nextPrompt()
        #expect(prompt.kind == .whenInUse)
        #expect(await engine.presentedPrompt == prompt)

        person.reply(.allowWhileUsing(precise: false))

        let outcome = try await request.value
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.accuracy == .reducedAccuracy)
        #expect(person.promptsOnScreen.isEmpty)
    }
}
