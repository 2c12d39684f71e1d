import Foundation
public import Whereabouts

/// A person who leaves each prompt on screen until the test answers it: the test decides when, and what.
///
/// Where ``ScriptedPerson`` answers at once from a list, a manual person holds every prompt, so a test can check
/// what happens while it is up (a second request, a cancelled one, the app going to the background) and then
/// answer it. ``nextPrompt(fileID:filePath:line:column:)`` waits until a prompt is shown and returns it;
/// ``reply(_:fileID:filePath:line:column:)`` answers the prompt on screen.
///
/// Nothing it does can hang a test for good. A prompt left unanswered for ``timeLimit`` fails the test, at the
/// line that made the person, and is declined, so the request waiting on it returns; `nextPrompt` fails the test
/// and throws ``ManualPersonError`` when no prompt comes within ``timeLimit``. A test that returns with a prompt
/// still up fails the same way once the time limit passes, if the test run is still going then; to fail at once,
/// end it with `#expect(person.promptsOnScreen.isEmpty)`. A prompt the app takes off the screen
/// itself (it went to the background) leaves the screen without an answer, as on iOS. The time limit runs on the
/// wall clock unless you pass another clock; it is a safety net for a forgotten answer, not a way to wait.
///
/// ```swift
/// let person = ManualPerson()
/// let os = await SimulatedOS(appID: "com.example.demo", declarations: declarations, prompter: person)
/// let client = LocationClient.simulated(os: os, source: ScriptedSource())
/// let request = Task { try await client.requestWhenInUseAuthorization() }
/// let prompt = try await person.nextPrompt()  // the prompt is up; the request waits for the person
/// #expect(prompt.kind == .whenInUse)
/// person.reply(.allowWhileUsing(precise: false))
/// #expect(try await request.value.accuracy == .reducedAccuracy)
/// #expect(person.promptsOnScreen.isEmpty)
/// ```
public final class ManualPerson: PermissionPrompter, @unchecked Sendable {
    // @unchecked: every stored `var` is guarded by `lock`; the `let`s are Sendable.

    /// A prompt on screen: the engine's task waits on `reply` until the test answers, the time limit passes or
    /// the prompt is taken off the screen.
    private struct OnScreen {
        let key: UInt64
        let prompt: PermissionPrompt
        let reply: CheckedContinuation<PromptAnswer, Never>
        let timer: Task<Void, Never>
    }

    /// A test waiting in `nextPrompt` for a prompt to be shown.
    private struct Watcher {
        let key: UInt64
        let continuation: CheckedContinuation<PermissionPrompt?, Never>
        let timer: Task<Void, Never>
    }

    private let lock = NSLock()
    private var shown: [PermissionPrompt] = []
    private var onScreen: [OnScreen] = []
    private var watchers: [Watcher] = []
    /// How many of `shown` `nextPrompt` has returned.
    private var seen = 0
    private var nextKey: UInt64 = 0

    /// How long a prompt may stay unanswered, and how long ``nextPrompt(fileID:filePath:line:column:)`` waits for
    /// one, before the test fails.
    public let timeLimit: Duration
    private let clock: any Clock<Duration>
    private let fileID: StaticString
    private let filePath: StaticString
    private let line: UInt
    private let column: UInt

    /// Creates a person who answers only when the test says so.
    ///
    /// - Parameters:
    ///   - timeLimit: How long a prompt may stay unanswered, and how long `nextPrompt` waits for one, before the
    ///     test fails; 60 seconds unless given (room for a whole test run on a busy machine).
    ///   - clock: The clock the time limit runs on: the wall clock unless given (a `TestClock` makes it pass only
    ///     when the test advances it).
    ///   - fileID: Where to report a prompt left unanswered; the caller's file by default.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report at.
    ///   - column: The column to report at.
    public init(
        timeLimit: Duration = .seconds(60),
        clock: any Clock<Duration> = ContinuousClock(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.timeLimit = timeLimit
        self.clock = clock
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// Every prompt shown so far, in order, answered or not.
    public var prompts: [PermissionPrompt] { lock.withLock { shown } }

    /// The prompts on screen now, waiting for an answer, oldest first.
    public var promptsOnScreen: [PermissionPrompt] { lock.withLock { onScreen.map(\.prompt) } }

    /// Holds the prompt on screen until the test answers it; the engine calls this.
    ///
    /// - Parameter prompt: The prompt shown.
    /// - Returns: The test's answer; the prompt's decline when the time limit passed first, or when the prompt was
    ///   taken off the screen (the calling task was cancelled).
    public func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        let key = lock.withLock {
            nextKey += 1
            return nextKey
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { reply in
                let (watcher, takenOff) = lock.withLock { () -> (Watcher?, Bool) in
                    shown.append(prompt)
                    let takenOff = Task.isCancelled
                    if !takenOff {
                        let timer = Task { [clock, timeLimit] in
                            do { try await clock.sleep(for: timeLimit) } catch { return }
                            self.promptTimedOut(key)
                        }
                        onScreen.append(OnScreen(key: key, prompt: prompt, reply: reply, timer: timer))
                    }
                    guard !watchers.isEmpty else { return (nil, takenOff) }
                    seen += 1
                    return (watchers.removeFirst(), takenOff)
                }
                if let watcher {
                    watcher.timer.cancel()
                    watcher.continuation.resume(returning: prompt)
                }
                if takenOff { reply.resume(returning: .decline(prompt.kind)) }
            }
        } onCancel: {
            guard let taken = self.takeOffScreen(key) else { return }
            taken.reply.resume(returning: .decline(taken.prompt.kind))
        }
    }

    /// Waits until a prompt is shown and returns it: each prompt once, in the order shown.
    ///
    /// A prompt shown before the call is returned at once. When none is shown within ``timeLimit``, the test
    /// fails at the caller's line.
    ///
    /// - Parameters:
    ///   - fileID: Where to report that no prompt came; the caller's file by default.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report at.
    ///   - column: The column to report at.
    /// - Returns: The next prompt shown.
    /// - Throws: ``ManualPersonError`` when no prompt was shown within the time limit, `CancellationError` when
    ///   the waiting task is cancelled.
    public func nextPrompt(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> PermissionPrompt {
        let key = lock.withLock {
            nextKey += 1
            return nextKey
        }
        let prompt = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<PermissionPrompt?, Never>) in
                let ready: PermissionPrompt?? = lock.withLock {
                    if seen < shown.count {
                        seen += 1
                        return .some(shown[seen - 1])
                    }
                    if Task.isCancelled { return .some(nil) }
                    let timer = Task { [clock, timeLimit] in
                        do { try await clock.sleep(for: timeLimit) } catch { return }
                        self.stopWatching(key)
                    }
                    watchers.append(Watcher(key: key, continuation: continuation, timer: timer))
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            self.stopWatching(key)
        }
        if let prompt { return prompt }
        try Task.checkCancellation()
        let error = ManualPersonError.noPromptShown(within: timeLimit)
        TestFailure.report(error.description, fileID: fileID, filePath: filePath, line: line, column: column)
        throw error
    }

    /// Answers the oldest prompt on screen.
    ///
    /// With no prompt on screen, or an answer to another kind of prompt (`.changeToAlways` to the When In Use
    /// prompt), the test fails at the caller's line; a prompt given the wrong kind of answer is declined.
    ///
    /// - Parameters:
    ///   - answer: The button the person taps, with the Precise switch where the prompt has one.
    ///   - fileID: Where to report a misuse; the caller's file by default.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report at.
    ///   - column: The column to report at.
    public func reply(
        _ answer: PromptAnswer,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let answered: OnScreen? = lock.withLock { onScreen.isEmpty ? nil : onScreen.removeFirst() }
        guard let answered else {
            TestFailure.report(
                "no prompt is on screen to answer \(answer); wait for one with `try await person.nextPrompt()` first",
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
            )
            return
        }
        answered.timer.cancel()
        guard answer.kind == answered.prompt.kind else {
            TestFailure.report(
                "\(answer) answers the \(answer.kind.rawValue) prompt, but the prompt on screen is the "
                    + "\(answered.prompt.kind.rawValue) prompt (“\(answered.prompt.title)”); it is declined",
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
            )
            answered.reply.resume(returning: .decline(answered.prompt.kind))
            return
        }
        answered.reply.resume(returning: answer)
    }

    /// Removes a prompt from the screen and stops its timer; `nil` when it is no longer there.
    private func takeOffScreen(_ key: UInt64) -> OnScreen? {
        let taken: OnScreen? = lock.withLock {
            guard let index = onScreen.firstIndex(where: { $0.key == key }) else { return nil }
            return onScreen.remove(at: index)
        }
        taken?.timer.cancel()
        return taken
    }

    /// The time limit passed with the prompt still on screen: fail the test and decline it.
    private func promptTimedOut(_ key: UInt64) {
        guard let expired = takeOffScreen(key) else { return }
        TestFailure.report(
            "the \(expired.prompt.kind.rawValue) prompt “\(expired.prompt.title)” was still on screen after "
                + "\(timeLimit), so it was declined; answer it with `person.reply(…)` (or give the ManualPerson a "
                + "longer timeLimit)",
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
        expired.reply.resume(returning: .decline(expired.prompt.kind))
    }

    /// Ends a `nextPrompt` wait without a prompt (the time limit passed or its task was cancelled).
    private func stopWatching(_ key: UInt64) {
        let stopped: Watcher? = lock.withLock {
            guard let index = watchers.firstIndex(where: { $0.key == key }) else { return nil }
            return watchers.remove(at: index)
        }
        guard let stopped else { return }
        stopped.timer.cancel()
        stopped.continuation.resume(returning: nil)
    }
}
