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
        /// The first tap of the app's Location Button (Core Location UI): whether the person is comfortable sharing
        /// their location through the button. Apple does not publish its wording; Whereabouts words it.
        case locationButton
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
        case .locationButton: "Share your location with “\(appName)” each time you tap its location button?"
        }
    }

    /// The buttons, in the order iOS shows them.
    public var buttons: [String] {
        switch kind {
        case .whenInUse: ["Allow Once", "Allow While Using App", "Don’t Allow"]
        case .alwaysUpgrade: ["Keep Only While Using", "Change to Always Allow"]
        case .temporaryFullAccuracy: ["Allow Once", "Don’t Allow"]
        case .locationButton: ["Allow", "Don’t Allow"]
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
