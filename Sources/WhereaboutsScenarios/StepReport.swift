public import Whereabouts

/// What one step of a scenario did, and the state after it.
///
/// `--format json` prints one of these per line; its keys and their meanings are stable.
public struct StepReport: Hashable, Sendable, Encodable {
    /// The 1-based step number.
    public var step: Int
    /// The step's kind: `do`, `person`, `app`, `settings`, `fix`, `wait` or `expect`.
    public var kind: String
    /// The step as written, e.g. `"requestWhenInUse"` or `"allowWhileUsing (precise off)"`.
    public var action: String
    /// What happened, in order, for people.
    public var notes: [String]
    /// The authorization status after the step.
    public var status: AuthorizationStatus
    /// The accuracy after the step.
    public var accuracy: AccuracyAuthorization
    /// The prompt on screen after the step, or `"none"`.
    public var prompt: String
    /// What the last completed request returned: a status, `full`/`reduced`, `location`, or an error id.
    public var result: String?
    /// How many fixes the app has received.
    public var delivered: Int
    /// Whether the last fix the app received was precise; `nil` before the first.
    public var lastFixPrecise: Bool?
    /// The diagnostics that hold, sorted.
    public var diagnostics: [Diagnostic]
    /// Why the step failed: an `expect` that did not hold, an answer with no prompt.
    public var failures: [String]

    /// Whether the step passed.
    public var ok: Bool { failures.isEmpty }

    enum CodingKeys: String, CodingKey {
        case step, kind, action, notes, status, accuracy, prompt, result, delivered, lastFixPrecise, diagnostics,
            ok, failures
    }

    /// Encodes every key, with `null` for absent values, so the schema never changes shape.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step, forKey: .step)
        try container.encode(kind, forKey: .kind)
        try container.encode(action, forKey: .action)
        try container.encode(notes, forKey: .notes)
        try container.encode(status.description, forKey: .status)
        try container.encode(accuracy.description, forKey: .accuracy)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(result, forKey: .result)
        try container.encode(delivered, forKey: .delivered)
        try container.encode(lastFixPrecise, forKey: .lastFixPrecise)
        try container.encode(diagnostics.map(\.rawValue), forKey: .diagnostics)
        try container.encode(ok, forKey: .ok)
        try container.encode(failures, forKey: .failures)
    }
}

/// The outcome of a whole scenario.
public struct ScenarioReport: Hashable, Sendable {
    /// The reports of the steps kept, in order: every step's, or only the failed ones' when the run was told to
    /// keep only those (``ScenarioRunner/run(keepingPassedSteps:onStep:)``).
    public var steps: [StepReport]
    /// How many steps ran, kept or not.
    public var stepCount: Int

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - steps: The reports of the steps kept.
    ///   - stepCount: How many steps ran; by default as many as `steps` holds.
    public init(steps: [StepReport], stepCount: Int? = nil) {
        self.steps = steps
        self.stepCount = stepCount ?? steps.count
    }

    /// Whether every step passed.
    public var passed: Bool { steps.allSatisfy(\.ok) }

    /// The steps that failed.
    public var failedSteps: [StepReport] { steps.filter { !$0.ok } }
}
