import Foundation
public import Whereabouts

/// A person who answers prompts from a script, in order, for tests.
///
/// A prompt with no answer left, or whose kind does not match the next answer, fails the
/// current test (Swift Testing's or XCTest's, through IssueReporting) at the line that made the
/// person, and is declined.
///
/// ```swift
/// let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
/// let os = await SimulatedOS(appID: "demo", declarations: declarations, prompter: person)
/// let client = LocationClient.simulated(os: os, source: ScriptedSource())
/// _ = try await client.requestWhenInUseAuthorization()
/// #expect(person.prompts.map(\.kind) == [.whenInUse])
/// ```
public final class ScriptedPerson: PermissionPrompter, @unchecked Sendable {
    // @unchecked: `answers` and `shown` are guarded by `lock`.
    private let lock = NSLock()
    private var answers: [PromptAnswer]
    private var shown: [PermissionPrompt] = []
    private let fileID: StaticString
    private let filePath: StaticString
    private let line: UInt
    private let column: UInt

    /// Creates a person with answers to give, in order.
    ///
    /// - Parameters:
    ///   - answers: The answers, one per prompt expected.
    ///   - fileID: Where to report an unexpected prompt.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report at.
    ///   - column: The column to report at.
    public init(
        _ answers: [PromptAnswer] = [],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.answers = answers
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// Answers with the next scripted answer.
    ///
    /// - Parameter prompt: The prompt shown.
    /// - Returns: The scripted answer, or the prompt's decline when the script does not fit.
    public func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        let next: PromptAnswer? = lock.withLock {
            shown.append(prompt)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
        guard let next else {
            TestFailure.report(
                "unexpected \(prompt.kind.rawValue) prompt “\(prompt.title)”: the script has no answer left",
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
            )
            return .decline(prompt.kind)
        }
        guard next.kind == prompt.kind else {
            TestFailure.report(
                "unexpected \(prompt.kind.rawValue) prompt: the script's next answer, \(next), is for a "
                    + "\(next.kind.rawValue) prompt",
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
            )
            return .decline(prompt.kind)
        }
        return next
    }

    /// The prompts shown so far, in order.
    public var prompts: [PermissionPrompt] { lock.withLock { shown } }

    /// The answers not given yet.
    public var remainingAnswers: [PromptAnswer] { lock.withLock { answers } }
}
