/// A permission prompt the engine shows, worded as iOS words it.
///
/// The engine hands each prompt to its ``PermissionPrompter`` and waits for the person's
/// ``PromptAnswer``. ``title``, ``message`` and ``buttons`` are what a terminal or a test
/// shows to the person.
public struct PermissionPrompt: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Which prompt this is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// The first prompt: Allow Once, Allow While Using App, Don't Allow, and a Precise switch.
        case whenInUse
        /// The upgrade to Always: Keep Only While Using, Change to Always Allow.
        case alwaysUpgrade
        /// Temporary precise location for one purpose: Allow Once, Don't Allow.
        case temporaryFullAccuracy
    }

    /// A number unique among this engine's prompts.
    public let id: Int
    /// Which prompt this is.
    public let kind: Kind
    /// The app's name as the prompt shows it.
    public let appName: String
    /// The app's purpose string from Info.plist.
    public let message: String
    /// The purpose key, for ``Kind/temporaryFullAccuracy``.
    public let purposeKey: String?
    /// Whether the Precise switch starts on (``Kind/whenInUse`` only); off when
    /// `NSLocationDefaultAccuracyReduced` is true.
    public let preciseByDefault: Bool

    /// Creates a prompt; the engine makes these, tests may too.
    ///
    /// - Parameters:
    ///   - id: A number unique among the engine's prompts.
    ///   - kind: Which prompt.
    ///   - appName: The app's name.
    ///   - message: The purpose string.
    ///   - purposeKey: The purpose key for temporary full accuracy.
    ///   - preciseByDefault: Whether the Precise switch starts on.
    public init(
        id: Int,
        kind: Kind,
        appName: String,
        message: String,
        purposeKey: String? = nil,
        preciseByDefault: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.appName = appName
        self.message = message
        self.purposeKey = purposeKey
        self.preciseByDefault = preciseByDefault
    }

    /// The prompt's title as iOS shows it.
    public var title: String {
        switch kind {
        case .whenInUse: "Allow “\(appName)” to use your location?"
        case .alwaysUpgrade: "Allow “\(appName)” to also use your location even when you are not using the app?"
        case .temporaryFullAccuracy: "“\(appName)” would like to use your precise location"
        }
    }

    /// The buttons, in the order iOS shows them.
    public var buttons: [String] {
        switch kind {
        case .whenInUse: ["Allow Once", "Allow While Using App", "Don’t Allow"]
        case .alwaysUpgrade: ["Keep Only While Using", "Change to Always Allow"]
        case .temporaryFullAccuracy: ["Allow Once", "Don’t Allow"]
        }
    }

    /// The title, the message, the Precise switch when there is one, and the buttons.
    public var description: String {
        var lines = [title, message]
        if kind == .whenInUse { lines.append("Precise: \(preciseByDefault ? "On" : "Off")") }
        lines.append(buttons.map { "[\($0)]" }.joined(separator: " "))
        return lines.joined(separator: "\n")
    }
}

/// What the person answered to a ``PermissionPrompt``.
public enum PromptAnswer: Hashable, Sendable, CustomStringConvertible {
    /// When-in-use prompt: Allow Once, with the Precise switch's position.
    case allowOnce(precise: Bool)
    /// When-in-use prompt: Allow While Using App, with the Precise switch's position.
    case allowWhileUsing(precise: Bool)
    /// When-in-use prompt: Don't Allow.
    case dontAllow
    /// Always upgrade prompt: Change to Always Allow.
    case changeToAlways
    /// Always upgrade prompt: Keep Only While Using.
    case keepWhileUsing
    /// Temporary full accuracy prompt: Allow Once.
    case allowPrecise
    /// Temporary full accuracy prompt: Don't Allow.
    case dontAllowPrecise

    /// The prompt this answer belongs to.
    public var kind: PermissionPrompt.Kind {
        switch self {
        case .allowOnce, .allowWhileUsing, .dontAllow: .whenInUse
        case .changeToAlways, .keepWhileUsing: .alwaysUpgrade
        case .allowPrecise, .dontAllowPrecise: .temporaryFullAccuracy
        }
    }

    /// The declining answer of a prompt: what the engine applies when an answer does not fit.
    ///
    /// - Parameter kind: The prompt.
    /// - Returns: Don't Allow, Keep Only While Using, or Don't Allow (precise).
    public static func decline(_ kind: PermissionPrompt.Kind) -> PromptAnswer {
        switch kind {
        case .whenInUse: .dontAllow
        case .alwaysUpgrade: .keepWhileUsing
        case .temporaryFullAccuracy: .dontAllowPrecise
        }
    }

    /// The scenario name of the answer, e.g. `"allowWhileUsing"`, with the switch when it has one.
    public var description: String {
        switch self {
        case .allowOnce(let precise): "allowOnce (precise \(precise ? "on" : "off"))"
        case .allowWhileUsing(let precise): "allowWhileUsing (precise \(precise ? "on" : "off"))"
        case .dontAllow: "dontAllow"
        case .changeToAlways: "changeToAlways"
        case .keepWhileUsing: "keepWhileUsing"
        case .allowPrecise: "allowPrecise"
        case .dontAllowPrecise: "dontAllowPrecise"
        }
    }
}

/// The person, as the engine sees them: shown a prompt, they answer.
///
/// On Linux there is no system alert, so whoever embeds the engine supplies the person:
/// a terminal prompt in the CLI, a `ScriptedPerson` (from WhereaboutsTesting) in tests. The engine calls
/// ``answer(_:)`` once per prompt and applies what it returns.
public protocol PermissionPrompter: Sendable {
    /// Shows a prompt and returns the person's answer.
    ///
    /// An answer of another prompt's kind is treated as that prompt's decline.
    ///
    /// - Parameter prompt: The prompt to show.
    /// - Returns: The person's answer.
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer
}
